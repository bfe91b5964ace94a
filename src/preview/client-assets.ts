/**
 * The preview page's HTML, style and script, shipped as text inside the compiled package (only `dist/` is
 * published), so the page needs no network. The script is plain browser JavaScript without a framework: one
 * page that redraws a thumbnail list, one SVG and a side panel from each state the server pushes needs no
 * more, and nothing has to be bundled. It speaks to the server only through the routes of preview-server.ts.
 */

export const CLIENT_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>mazebook preview</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/app.css">
<script src="/app.js" defer></script>
</head>
<body>
<header>
  <h1 id="title">mazebook preview</h1>
  <span id="spec"></span>
  <span id="status" role="status"></span>
  <button id="undo" type="button" hidden></button>
</header>
<div id="banner" role="alert" hidden></div>
<div id="notice" role="status" hidden></div>
<main>
  <nav id="thumbs" aria-label="Pages"></nav>
  <section id="view" aria-label="Selected page"><div id="page"></div></section>
  <aside id="info" aria-label="Page details"></aside>
</main>
</body>
</html>
`;

/** A tiny maze for the browser tab. */
export const CLIENT_ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="2" fill="#23262b"/><path d="M3 3h10v10H9M3 3v10h4M6 3v4h4M13 6H9v4H6" fill="none" stroke="#f2f2f2" stroke-width="1.5"/></svg>
`;

export const CLIENT_STYLE = `* { box-sizing: border-box; }
html, body { margin: 0; height: 100%; }
body { font: 14px/1.4 system-ui, sans-serif; color: #1d1d1f; background: #e9e9ec; display: flex; flex-direction: column; }
header { display: flex; align-items: baseline; gap: 1em; padding: 8px 14px; background: #23262b; color: #f2f2f2; }
header h1 { font-size: 16px; margin: 0; font-weight: 600; }
#spec { color: #a9b0ba; font-family: ui-monospace, monospace; font-size: 12px; }
#status { margin-left: auto; color: #cfd5dc; font-size: 12px; }
#status.building::before { content: "● "; color: #f0b429; }
button { font: inherit; cursor: pointer; border: 1px solid #8a8f98; border-radius: 4px; background: #fff; padding: 3px 10px; }
button:disabled { opacity: 0.5; cursor: default; }
header button { background: #3a3f47; color: #fff; border-color: #5a616b; }
#banner { background: #fdecea; border-bottom: 2px solid #d93025; color: #5f1410; padding: 8px 14px; }
#banner code { font-family: ui-monospace, monospace; font-weight: 600; }
#banner .hint { color: #7d4a46; margin-left: 1.5em; }
#banner p { margin: 2px 0; }
#notice { background: #fff7d6; border-bottom: 1px solid #e0c34a; padding: 6px 14px; }
main { flex: 1; display: grid; grid-template-columns: 150px 1fr 300px; min-height: 0; }
#thumbs { overflow-y: auto; padding: 10px; display: flex; flex-direction: column; gap: 10px; background: #d9dade; }
.thumb { position: relative; padding: 4px; border: 2px solid transparent; background: none; display: block; width: 100%; }
.thumb img { display: block; width: 100%; background: #fff; box-shadow: 0 1px 3px rgba(0,0,0,0.25); }
.thumb span { display: block; text-align: center; font-size: 11px; color: #444; }
.thumb.selected { border-color: #1a73e8; }
.thumb.changed img { outline: 3px solid #f0b429; }
.thumb.regenerated::after { content: "new maze"; position: absolute; top: 8px; right: 8px; background: #f0b429; color: #222; font-size: 10px; padding: 0 4px; border-radius: 3px; }
#view { overflow: auto; display: flex; justify-content: center; align-items: flex-start; padding: 18px; }
#page svg { display: block; height: calc(100vh - 110px); width: auto; max-width: 100%; background: #fff; box-shadow: 0 2px 10px rgba(0,0,0,0.3); }
#info { overflow-y: auto; padding: 12px 14px; background: #f7f7f8; border-left: 1px solid #cfd0d4; }
#info h2 { font-size: 15px; margin: 0 0 8px; }
#info h3 { font-size: 14px; margin: 14px 0 4px; }
.puzzle { border-top: 1px solid #d5d6da; padding: 8px 0; }
.puzzle dl { display: grid; grid-template-columns: auto 1fr; gap: 2px 10px; margin: 4px 0 8px; }
.puzzle dt { color: #666; }
.puzzle dd { margin: 0; font-family: ui-monospace, monospace; font-size: 12px; word-break: break-all; }
.warnings { margin: 4px 0; padding-left: 18px; color: #8a4b00; font-size: 12px; }
.muted { color: #777; font-size: 12px; }
`;

/** Browser script; no template literals inside (this file holds it in one). */
export const CLIENT_SCRIPT = String.raw`'use strict';
(function () {
  var state = null;
  var selected = 0;
  var shown = null;
  var pending = false;
  var lost = false;
  var $ = function (id) { return document.getElementById(id); };

  function el(tag, props, children) {
    var node = document.createElement(tag);
    Object.keys(props || {}).forEach(function (k) {
      if (k === 'text') node.textContent = props[k];
      else if (k === 'className') node.className = props[k];
      else if (k.slice(0, 2) === 'on') node.addEventListener(k.slice(2), props[k]);
      else node.setAttribute(k, props[k]);
    });
    (children || []).forEach(function (c) { if (c) node.appendChild(c); });
    return node;
  }

  function svgUrl(i) { return '/page/' + i + '.svg?v=' + state.pages[i].version; }

  function select(i) {
    if (!state || state.pages.length === 0) return;
    selected = Math.max(0, Math.min(state.pages.length - 1, i));
    history.replaceState(null, '', '#p' + (selected + 1));
    render();
    var thumb = $('thumbs').children[selected];
    if (thumb) thumb.scrollIntoView({ block: 'nearest' });
  }

  function renderBanner() {
    var banner = $('banner');
    banner.textContent = '';
    var error = state.error;
    banner.hidden = !error;
    if (!error) return;
    if (error.internal) {
      banner.appendChild(el('p', { text: 'Internal error: ' + error.internal }));
    } else {
      error.problems.forEach(function (p) {
        banner.appendChild(el('p', {}, [el('code', { text: p.where }), document.createTextNode(' ' + p.what)]));
        if (p.hint) banner.appendChild(el('p', { className: 'hint', text: 'hint: ' + p.hint }));
      });
    }
    if (state.pages.length > 0) banner.appendChild(el('p', { className: 'hint', text: 'Showing the last good build.' }));
  }

  function renderStatus() {
    var status = $('status');
    status.className = state.building ? 'building' : '';
    var text = state.building ? 'building…' : state.pages.length + ' pages · ' + state.generated + ' of ' +
      state.puzzles.length + ' mazes generated in ' + (state.took / 1000).toFixed(2) + ' s';
    if (!state.building && state.rating) text += ' · rating…';
    status.textContent = text;
    var undo = $('undo');
    undo.hidden = !state.undo;
    if (state.undo) undo.textContent = 'Undo re-roll of puzzle ' + state.undo.number;
    undo.disabled = pending;
  }

  function renderThumbs() {
    var list = $('thumbs');
    while (list.children.length > state.pages.length) list.removeChild(list.lastChild);
    state.pages.forEach(function (page, i) {
      var thumb = list.children[i];
      if (!thumb) {
        thumb = el('button', { type: 'button', className: 'thumb', onclick: function () { select(i); } },
          [el('img', { alt: '' }), el('span')]);
        list.appendChild(thumb);
      }
      var img = thumb.firstChild;
      if (thumb.getAttribute('data-version') !== page.version) {
        img.src = svgUrl(i);
        thumb.setAttribute('data-version', page.version);
      }
      thumb.lastChild.textContent = (i + 1) + ' · ' + page.label;
      thumb.setAttribute('aria-label', 'Page ' + (i + 1) + ': ' + page.label);
      thumb.classList.toggle('selected', i === selected);
      thumb.classList.toggle('changed', page.changed);
      thumb.classList.toggle('regenerated', page.regenerated);
    });
  }

  function renderPage() {
    var page = state.pages[selected];
    var box = $('page');
    if (!page) { box.textContent = ''; shown = null; return; }
    var want = selected + '@' + page.version;
    if (shown === want) return;
    shown = want;
    fetch(svgUrl(selected)).then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
      .then(function (svg) {
        if (shown !== want) return;
        box.innerHTML = svg;
        box.setAttribute('data-page', String(selected));
        box.setAttribute('data-version', page.version);
      })
      .catch(function () { if (shown === want) shown = null; });
  }

  function puzzleInfo(p) {
    var rating = p.rating ? p.rating.score.toFixed(1) + ' · ' + p.rating.label : (state.rating ? 'rating…' : 'not rated');
    var rows = [['key', p.key], ['rating', rating]];
    if (p.target) rows.push(['target', p.target]);
    rows.push(['seed', p.seed + (p.ownSeed ? ' (this page’s own)' : ' (the book’s)')]);
    if (p.series) rows.push(['series', (p.series.index + 1) + ' of ' + p.series.count]);
    var dl = el('dl');
    rows.forEach(function (r) { dl.appendChild(el('dt', { text: r[0] })); dl.appendChild(el('dd', { text: r[1] })); });
    var warnings = p.warnings.length ? el('ul', { className: 'warnings' },
      p.warnings.map(function (w) { return el('li', { text: w }); })) : null;
    var button = el('button', {
      type: 'button', className: 'reroll', 'data-key': p.key,
      title: p.series ? 'A new seed for the whole series' : 'A new seed for this maze',
      onclick: function () { act('/api/reroll', { key: p.key }); },
    });
    button.textContent = p.series ? 'Re-roll series' : 'Re-roll';
    button.disabled = pending || !!state.error;
    return el('div', { className: 'puzzle', 'data-key': p.key, 'data-hash': p.hash }, [
      el('h3', { text: 'Puzzle ' + p.number }), dl, warnings, button]);
  }

  function renderInfo() {
    var info = $('info');
    info.textContent = '';
    var page = state.pages[selected];
    if (!page) { info.appendChild(el('p', { className: 'muted', text: 'No pages yet.' })); return; }
    info.appendChild(el('h2', { text: 'Page ' + (selected + 1) + ' · ' + page.label }));
    if (page.regenerated) info.appendChild(el('p', { className: 'muted', text: 'A maze on this page was just generated anew.' }));
    else if (page.changed) info.appendChild(el('p', { className: 'muted', text: 'This page changed in the last build.' }));
    if (page.kind === 'puzzles') page.puzzles.forEach(function (n) { info.appendChild(puzzleInfo(state.puzzles[n])); });
    else if (page.kind === 'answers') info.appendChild(el('p', { className: 'muted', text: 'Answers to puzzles ' +
      page.puzzles.map(function (n) { return state.puzzles[n].number; }).join(', ') }));
    if (state.warnings.length) {
      info.appendChild(el('h3', { text: 'Book warnings' }));
      info.appendChild(el('ul', { className: 'warnings' }, state.warnings.map(function (w) { return el('li', { text: w }); })));
    }
  }

  function render() {
    if (!state) return;
    document.title = (state.title || 'mazebook') + ' · preview';
    $('title').textContent = state.title || 'mazebook preview';
    $('spec').textContent = state.spec;
    if (selected >= state.pages.length) selected = Math.max(0, state.pages.length - 1);
    renderBanner();
    renderStatus();
    renderThumbs();
    renderPage();
    renderInfo();
  }

  function notice(text) {
    var box = $('notice');
    box.textContent = text || '';
    box.hidden = !text;
  }

  function act(url, body) {
    pending = true;
    notice('');
    render();
    fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
      .then(function (r) { return r.json(); })
      .then(function (answer) {
        if (!answer.ok) notice((answer.where ? answer.where + ': ' : '') + answer.what + (answer.hint ? ' (' + answer.hint + ')' : ''));
      })
      .catch(function (e) { notice('The preview server did not answer: ' + e); })
      .then(function () { pending = false; render(); });
  }

  $('undo').addEventListener('click', function () { act('/api/undo', {}); });
  document.addEventListener('keydown', function (e) {
    if (e.target && e.target.tagName === 'INPUT') return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowRight' || e.key === 'PageDown') { select(selected + 1); e.preventDefault(); }
    else if (e.key === 'ArrowUp' || e.key === 'ArrowLeft' || e.key === 'PageUp') { select(selected - 1); e.preventDefault(); }
    else if (e.key === 'Home') select(0);
    else if (e.key === 'End' && state) select(state.pages.length - 1);
  });
  var fromHash = /^#p(\d+)$/.exec(location.hash);
  if (fromHash) selected = Number(fromHash[1]) - 1;

  var events = new EventSource('/events');
  events.addEventListener('state', function (e) {
    state = JSON.parse(e.data);
    if (lost) notice('');
    lost = false;
    render();
  });
  events.addEventListener('error', function () {
    if (events.readyState === EventSource.OPEN) return;
    lost = true;
    notice('Connection to the preview server lost; retrying…');
  });
})();
`;
