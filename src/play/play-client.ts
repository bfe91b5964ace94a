/**
 * The play page's HTML, style and script, shipped as text inside the compiled package, so the page needs no
 * network (its content security policy forbids any other origin). Plain browser JavaScript without a
 * framework, as the preview's page is. It speaks to the server only through the routes of play-server.ts.
 *
 * How a reader walks (the page's contract with the recording): the line starts on the entry cell; each move
 * goes to a neighbouring cell through an open wall (a one-way passage only the way it allows), or back onto
 * the cell before the last one on the line, which takes the line back (erases its last step). Every move is
 * sent, in order, as the attempt's path when it ends: by reaching the exit cell, or by Give up.
 *
 * - Pointer (mouse, pen or finger): press on the end of the line (or on any cell of it, which takes the line
 *   back to there) and draw. The line follows the pointer from cell to cell through open walls: while some
 *   move from the end of the line brings it nearer the pointer (by a twentieth of a step at least, so a
 *   pointer resting on a doorway does not flicker), it takes the nearest such move; when none
 *   does (the pointer went round a corner faster than the line), it takes the shortest way of at most four
 *   moves to the cell under the pointer, if there is one and it is no detour (at most 1.25 moves per step
 *   of distance: never round a wall). Walls stop it. The board has `touch-action: none`,
 *   so a finger draws instead of scrolling the page.
 * - Keys: an arrow moves one cell, into the open passage whose direction is nearest the arrow's (within 70°);
 *   Home, Page Up, End and Page Down (and the numeric pad's 7, 9, 1, 3) move the same way diagonally, for
 *   the octagons' slanted doors and where a hexagon's two upper (or lower) doors are both open; Backspace
 *   takes the line back one cell; Enter starts a maze and goes on to the next.
 */

export const PLAY_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=1, user-scalable=no">
<title>mazebook play</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/app.css">
<script src="/app.js" defer></script>
</head>
<body>
<header>
  <h1 id="title">mazebook play</h1>
  <span id="who"></span>
  <button id="change" type="button" hidden>Change reader</button>
  <span id="progress"></span>
  <span id="timer" role="timer" aria-label="Time">0:00</span>
  <button id="giveup" type="button" hidden>Give up</button>
</header>
<div id="banner" role="alert" hidden><span id="banner-text"></span> <button id="retry" type="button" hidden>Try again</button></div>
<main>
  <div id="board" aria-label="The maze"></div>
  <div id="cover">
    <form id="name-form" hidden>
      <label for="name">Your name</label>
      <input id="name" maxlength="60" autocomplete="off" autocapitalize="words" required>
      <button id="begin" type="submit">Begin</button>
    </form>
    <div id="ready" hidden>
      <p id="ready-text"></p>
      <button id="start" type="button">Start</button>
    </div>
    <div id="note" hidden>
      <p id="note-text"></p>
      <button id="skip" type="button">Next maze</button>
    </div>
    <div id="end" hidden><p id="end-text"></p></div>
  </div>
  <div id="result" role="status" hidden>
    <p id="result-text"></p>
    <button id="next" type="button">Next maze</button>
  </div>
</main>
<footer>Draw from the start with a finger or the mouse, or walk with the arrow keys (Home, Page Up, End, Page Down go diagonally). Going back over your line rubs it out.</footer>
</body>
</html>
`;

/** A small maze with a drawn line, for the browser tab. */
export const PLAY_ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="2" fill="#23262b"/><path d="M3 3h10v10H9M3 3v10h4M6 3v4h4" fill="none" stroke="#f2f2f2" stroke-width="1.5"/><path d="M4.5 1.5v3h3v3h4v4" fill="none" stroke="#f08c00" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round"/></svg>
`;

export const PLAY_STYLE = `* { box-sizing: border-box; }
html, body { margin: 0; height: 100%; }
body { font: 16px/1.4 system-ui, sans-serif; color: #1d1d1f; background: #f4f2ed; display: flex; flex-direction: column; }
header { display: flex; align-items: center; flex-wrap: wrap; gap: 6px 16px; padding: 8px 14px; background: #23262b; color: #f2f2f2; }
header h1 { font-size: 17px; margin: 0; font-weight: 600; }
#who { color: #cfd5dc; }
#progress { color: #cfd5dc; }
#timer { margin-left: auto; font: 600 24px/1 ui-monospace, monospace; min-width: 5ch; text-align: right; }
button { font: inherit; font-size: 18px; cursor: pointer; border: 1px solid #8a8f98; border-radius: 8px; background: #fff; color: #1d1d1f; padding: 8px 20px; min-height: 48px; min-width: 48px; }
button:disabled { opacity: 0.5; cursor: default; }
header button { background: #3a3f47; color: #fff; border-color: #5a616b; }
#giveup.sure { background: #b3261e; border-color: #b3261e; }
#banner { background: #fdecea; border-bottom: 2px solid #d93025; color: #5f1410; padding: 8px 14px; }
main { flex: 1; position: relative; min-height: 0; }
#board { position: absolute; inset: 6px; touch-action: none; user-select: none; -webkit-user-select: none; -webkit-touch-callout: none; }
#board svg { display: block; width: 100%; height: 100%; background: #fff; border-radius: 6px; box-shadow: 0 1px 6px rgba(0,0,0,0.18); }
#board.drawing { cursor: crosshair; }
#cover { position: absolute; inset: 0; display: flex; align-items: center; justify-content: center; background: #f4f2ed; text-align: center; padding: 20px; }
#cover[hidden], #cover > [hidden] { display: none; }
#cover p { font-size: 22px; margin: 0 0 18px; }
#cover button { font-size: 24px; padding: 14px 48px; background: #1a73e8; border-color: #1a73e8; color: #fff; }
#name-form { display: flex; flex-direction: column; gap: 12px; align-items: center; font-size: 22px; }
#name-form input { font: inherit; font-size: 24px; padding: 8px 12px; width: 14em; max-width: 80vw; border: 1px solid #8a8f98; border-radius: 8px; }
#result { position: absolute; left: 50%; bottom: 16px; transform: translateX(-50%); display: flex; align-items: center; gap: 18px; background: #fff; border-radius: 12px; padding: 10px 12px 10px 22px; box-shadow: 0 3px 14px rgba(0,0,0,0.25); }
#result[hidden] { display: none; }
#result p { margin: 0; font-size: 20px; }
#result button { background: #1a73e8; border-color: #1a73e8; color: #fff; }
footer { padding: 4px 14px 8px; color: #666; font-size: 13px; text-align: center; }
.trail { fill: none; stroke-linecap: round; stroke-linejoin: round; }
.head { transition: fill 0.15s; }
.blocked .head { fill: #d93025; }
`;

/** Browser script; no template literals inside (this file holds it in one). */
export const PLAY_SCRIPT = `'use strict';
(function () {
  var SVG = 'http://www.w3.org/2000/svg';
  var TRAIL = '#f08c00';
  var $ = function (id) { return document.getElementById(id); };
  var book = null;
  var reader = null;
  var order = [];
  var position = 1;
  var board = null;
  var svg = null;
  var trail = null;
  var state = 'loading';
  var attempt = null;
  var line = [];
  var walk = [];
  var times = [];
  var t0 = 0;
  var timer = null;
  var drawing = null;
  var pending = null;

  function show(id, on) { $(id).hidden = !on; }
  function clock(seconds) {
    var s = Math.floor(seconds);
    var m = Math.floor(s / 60);
    var rest = s % 60;
    return m + ':' + (rest < 10 ? '0' : '') + rest;
  }
  function banner(text, retry) {
    $('banner-text').textContent = text || '';
    show('banner', !!text);
    show('retry', !!retry);
    pending = retry || null;
  }
  function request(method, url, body) {
    var init = { method: method, headers: {} };
    if (body !== undefined) {
      init.headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    return fetch(url, init).then(function (r) {
      var type = r.headers.get('Content-Type') || '';
      if (type.indexOf('json') >= 0) return r.json().then(function (j) { return { status: r.status, body: j }; });
      return r.text().then(function (t) { return { status: r.status, body: t }; });
    });
  }
  function savedKey() { return 'mazebook-play:' + book.title + ':' + reader; }

  function cover(part) {
    ['name-form', 'ready', 'note', 'end'].forEach(function (id) { show(id, id === part); });
    show('cover', !!part);
  }

  function setState(s) {
    state = s;
    document.body.setAttribute('data-state', s);
    show('giveup', s === 'solving');
    $('giveup').classList.remove('sure');
    $('giveup').textContent = 'Give up';
  }

  function askName() {
    setState('name');
    show('change', false);
    $('who').textContent = '';
    $('progress').textContent = '';
    var last = localStorage.getItem('mazebook-play:last-reader');
    if (last && !$('name').value) $('name').value = last;
    cover('name-form');
    $('name').focus();
  }

  function begin(name) {
    return request('GET', '/api/order?reader=' + encodeURIComponent(name)).then(function (a) {
      if (a.status !== 200) { banner(a.body.what || 'That name cannot be used.'); return; }
      banner('');
      reader = a.body.reader;
      order = a.body.order;
      localStorage.setItem('mazebook-play:last-reader', reader);
      position = Number(localStorage.getItem(savedKey())) || 1;
      $('who').textContent = reader;
      show('change', !book.reader);
      return load();
    });
  }

  function load() {
    clearInterval(timer);
    show('result', false);
    $('timer').textContent = '0:00';
    if (position > order.length) {
      setState('end');
      $('progress').textContent = '';
      $('end-text').textContent = 'That was the last maze. Thank you, ' + reader + '!';
      cover('end');
      return Promise.resolve();
    }
    setState('loading');
    $('progress').textContent = 'Maze ' + position + ' of ' + order.length;
    var index = order[position - 1];
    return request('GET', '/api/puzzle/' + index).then(function (a) {
      if (a.status !== 200) { banner('The maze could not be loaded (' + a.status + ').'); return; }
      board = a.body;
      if (!board.playable) {
        setState('note');
        $('note-text').textContent = 'Maze ' + position + ' cannot be played here: ' + board.note + '.';
        cover('note');
        return;
      }
      return request('GET', '/puzzle/' + index + '.svg').then(function (s) {
        if (s.status !== 200) { banner('The maze could not be drawn (' + s.status + ').'); return; }
        showDrawing(s.body);
        line = [board.entry];
        walk = [board.entry];
        times = [];
        drawTrail();
        setState('ready');
        $('ready-text').textContent = 'Maze ' + position + ' of ' + order.length;
        cover('ready');
        $('start').focus();
      });
    });
  }

  function showDrawing(text) {
    var box = $('board');
    box.innerHTML = text;
    svg = box.querySelector('svg');
    svg.removeAttribute('width');
    svg.removeAttribute('height');
    svg.setAttribute('preserveAspectRatio', 'xMidYMid meet');
    box.setAttribute('data-puzzle', String(board.index));
    trail = document.createElementNS(SVG, 'g');
    trail.setAttribute('id', 'trail');
    var path = document.createElementNS(SVG, 'polyline');
    path.setAttribute('class', 'trail');
    path.setAttribute('stroke', TRAIL);
    path.setAttribute('stroke-opacity', '0.85');
    path.setAttribute('stroke-width', String(board.step * 0.32));
    var head = document.createElementNS(SVG, 'circle');
    head.setAttribute('class', 'head');
    head.setAttribute('r', String(board.step * 0.34));
    head.setAttribute('fill', TRAIL);
    head.setAttribute('stroke', '#fff');
    head.setAttribute('stroke-width', String(board.step * 0.08));
    trail.appendChild(path);
    trail.appendChild(head);
    svg.appendChild(trail);
    // At least 7 pixels across on screen, however small the cells are drawn.
    head.setAttribute('r', String(Math.max(board.step * 0.34, 7 * unitsPerPixel())));
  }

  function drawTrail() {
    if (!trail) return;
    var points = board.x[line[0]] + ',' + board.y[line[0]];
    for (var i = 1; i < line.length; i++) {
      var a = line[i - 1];
      var b = line[i];
      for (var k = board.moveStart[a]; k < board.moveStart[a + 1]; k++) {
        if (board.moveCell[k] === b) { points += ' ' + board.doorX[k] + ',' + board.doorY[k]; break; }
      }
      points += ' ' + board.x[b] + ',' + board.y[b];
    }
    trail.firstChild.setAttribute('points', points);
    var h = line[line.length - 1];
    trail.lastChild.setAttribute('cx', String(board.x[h]));
    trail.lastChild.setAttribute('cy', String(board.y[h]));
    $('board').setAttribute('data-head', String(h));
    $('board').setAttribute('data-moves', String(walk.length - 1));
  }

  function start() {
    if (state !== 'ready') return;
    setState('starting');
    request('POST', '/api/start', { puzzle: board.index, reader: reader, position: position }).then(function (a) {
      if (a.status !== 200) { setState('ready'); banner(a.body.what || 'The maze could not be started.'); return; }
      banner('');
      attempt = a.body.attempt;
      t0 = performance.now();
      cover(null);
      setState('solving');
      timer = setInterval(function () { $('timer').textContent = clock((performance.now() - t0) / 1000); }, 200);
      $('board').focus();
    }, function () { setState('ready'); banner('The play server did not answer.'); });
  }

  /** Whether the line may move from its end to cell "to": back along itself, or a move the maze allows. */
  function allowed(k, to) {
    return board.moveForward[k] === 1 || (line.length > 1 && line[line.length - 2] === to);
  }

  function step(to) {
    if (line.length > 1 && line[line.length - 2] === to) line.pop();
    else line.push(to);
    walk.push(to);
    times.push(performance.now() - t0);
    drawTrail();
    if (to === board.exit) finish('solved');
  }

  function blocked() {
    if (!trail) return;
    trail.classList.add('blocked');
    setTimeout(function () { if (trail) trail.classList.remove('blocked'); }, 180);
  }

  var D = Math.SQRT1_2;
  var ARROWS = {
    ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1],
    Home: [-D, -D], PageUp: [D, -D], End: [-D, D], PageDown: [D, D],
  };
  var PAD = {
    Numpad1: [-D, D], Numpad2: [0, 1], Numpad3: [D, D], Numpad4: [-1, 0],
    Numpad6: [1, 0], Numpad7: [-D, -D], Numpad8: [0, -1], Numpad9: [D, -D],
  };

  function keyMove(d) {
    var h = line[line.length - 1];
    var best = -1;
    var bestCos = Math.cos(70 * Math.PI / 180);
    for (var k = board.moveStart[h]; k < board.moveStart[h + 1]; k++) {
      var to = board.moveCell[k];
      if (!allowed(k, to)) continue;
      var dx = board.x[to] - board.x[h];
      var dy = board.y[to] - board.y[h];
      var len = Math.sqrt(dx * dx + dy * dy) || 1;
      var cos = (dx * d[0] + dy * d[1]) / len;
      if (cos > bestCos + 1e-9) { bestCos = cos; best = to; }
    }
    if (best < 0) blocked();
    else step(best);
  }

  function toBoard(e) {
    var m = svg.getScreenCTM().inverse();
    var p = svg.createSVGPoint();
    p.x = e.clientX;
    p.y = e.clientY;
    return p.matrixTransform(m);
  }
  function unitsPerPixel() { return 1 / (svg.getScreenCTM().a || 1); }
  function dist2(c, p) {
    var dx = board.x[c] - p.x;
    var dy = board.y[c] - p.y;
    return dx * dx + dy * dy;
  }

  /**
   * The shortest way (at most 4 moves) from the end of the line to the cell under p (its centre within 0.6
   * of a step), when that way is not a detour.
   */
  function shortWay(p) {
    var h = line[line.length - 1];
    var from = {};
    from[h] = -1;
    var frontier = [h];
    var best = -1;
    var bestD = Math.pow(board.step * 0.6, 2);
    for (var depth = 0; depth < 4 && frontier.length > 0; depth++) {
      var next = [];
      frontier.forEach(function (c) {
        for (var k = board.moveStart[c]; k < board.moveStart[c + 1]; k++) {
          var to = board.moveCell[k];
          if (to in from) continue;
          if (board.moveForward[k] !== 1 && !(c === h && line.length > 1 && line[line.length - 2] === to)) continue;
          from[to] = c;
          next.push(to);
          var d = dist2(to, p);
          if (d < bestD) { bestD = d; best = to; }
        }
      });
      frontier = next;
    }
    if (best < 0) return [];
    var way = [];
    for (var c = best; c !== h; c = from[c]) way.unshift(c);
    // A way much longer than the distance goes round a wall (or under a bridge the pointer is over): no.
    var straight = Math.sqrt(dist2(h, { x: board.x[best], y: board.y[best] })) / board.step;
    return way.length <= Math.ceil(1.25 * straight + 1e-9) ? way : [];
  }

  function follow(p) {
    // A move must bring the line's end nearer the pointer by a twentieth of a step: no flicker on a doorway.
    var margin = board.step * 0.05;
    for (var guard = 0; guard < 256 && state === 'solving'; guard++) {
      var h = line[line.length - 1];
      var best = -1;
      var bestD = Math.sqrt(dist2(h, p)) - margin;
      for (var k = board.moveStart[h]; k < board.moveStart[h + 1]; k++) {
        var to = board.moveCell[k];
        if (!allowed(k, to)) continue;
        var d = Math.sqrt(dist2(to, p));
        if (d < bestD) { bestD = d; best = to; }
      }
      if (best < 0) break;
      step(best);
    }
    if (state !== 'solving') return;
    var h2 = line[line.length - 1];
    if (dist2(h2, p) > Math.pow(board.step * 0.6, 2)) {
      var way = shortWay(p);
      for (var i = 0; i < way.length && state === 'solving'; i++) step(way[i]);
    }
  }

  function pointerDown(e) {
    if (state !== 'solving' || drawing !== null || !svg) return;
    var p = toBoard(e);
    var reach = Math.max(board.step * 0.75, 26 * unitsPerPixel());
    var h = line[line.length - 1];
    var on = -1;
    if (dist2(h, p) <= reach * reach) on = line.length - 1;
    else {
      var bestD = Math.pow(board.step * 0.5, 2);
      for (var i = line.length - 2; i >= 0; i--) {
        var d = dist2(line[i], p);
        if (d <= bestD) { bestD = d; on = i; }
      }
    }
    if (on < 0) { blocked(); return; }
    e.preventDefault();
    while (line.length - 1 > on && state === 'solving') step(line[line.length - 2]);
    drawing = e.pointerId;
    $('board').classList.add('drawing');
    $('board').setAttribute('data-pointer', e.pointerType);
    try { $('board').setPointerCapture(e.pointerId); } catch (x) {}
  }
  function pointerMove(e) {
    if (e.pointerId !== drawing || state !== 'solving') return;
    e.preventDefault();
    var events = e.getCoalescedEvents ? e.getCoalescedEvents() : [];
    if (events.length === 0) events = [e];
    for (var i = 0; i < events.length && state === 'solving'; i++) follow(toBoard(events[i]));
  }
  function pointerUp(e) {
    if (e.pointerId !== drawing) return;
    drawing = null;
    $('board').classList.remove('drawing');
  }

  function finish(outcome) {
    if (state !== 'solving') return;
    clearInterval(timer);
    drawing = null;
    setState('sending');
    var body = { attempt: attempt, outcome: outcome, path: walk, times: times.map(Math.round) };
    send(body, outcome);
  }

  function send(body, outcome) {
    request('POST', '/api/finish', body).then(function (a) {
      if (a.status !== 200) {
        banner('This attempt was not recorded: ' + (a.body.what || a.status), function () { send(body, outcome); });
        return;
      }
      banner('');
      var r = a.body;
      localStorage.setItem(savedKey(), String(position + 1));
      $('timer').textContent = clock(r.seconds);
      var solved = walk[walk.length - 1] === board.exit;
      $('result-text').textContent = (solved ? 'Solved in ' + clock(r.seconds) : 'Here is the way through') +
        ' · ' + r.steps + (r.steps === 1 ? ' move' : ' moves');
      $('next').textContent = position < order.length ? 'Next maze' : 'Finish';
      var done = function () { setState('done'); show('result', true); $('next').focus(); };
      if (solved) { done(); return; }
      return request('GET', '/puzzle/' + board.index + '/answer.svg').then(function (s) {
        if (s.status === 200) { showDrawing(s.body); drawTrail(); $('board').setAttribute('data-answer', 'shown'); }
        done();
      });
    }, function () {
      banner('The play server did not answer: this attempt was not recorded yet.', function () { send(body, outcome); });
    });
  }

  function next() {
    if (state !== 'done' && state !== 'note') return;
    position++;
    $('board').removeAttribute('data-answer');
    load();
  }

  function giveUp() {
    var b = $('giveup');
    if (!b.classList.contains('sure')) {
      b.classList.add('sure');
      b.textContent = 'Sure? Show the way';
      setTimeout(function () { if (state === 'solving') { b.classList.remove('sure'); b.textContent = 'Give up'; } }, 3000);
      return;
    }
    finish('gave-up');
  }

  $('name-form').addEventListener('submit', function (e) {
    e.preventDefault();
    begin($('name').value);
  });
  $('change').addEventListener('click', function () {
    if (state === 'solving' || state === 'sending') return;
    askName();
  });
  $('start').addEventListener('click', start);
  $('skip').addEventListener('click', next);
  $('next').addEventListener('click', next);
  $('giveup').addEventListener('click', giveUp);
  $('retry').addEventListener('click', function () { if (pending) pending(); });
  var area = $('board');
  area.addEventListener('pointerdown', pointerDown);
  area.addEventListener('pointermove', pointerMove);
  area.addEventListener('pointerup', pointerUp);
  area.addEventListener('pointercancel', pointerUp);
  area.addEventListener('contextmenu', function (e) { e.preventDefault(); });
  document.addEventListener('keydown', function (e) {
    if (e.target && e.target.tagName === 'INPUT') return;
    if (state === 'solving') {
      var d = PAD[e.code] || ARROWS[e.key];
      if (d) { keyMove(d); e.preventDefault(); }
      else if (e.key === 'Backspace' && line.length > 1) { step(line[line.length - 2]); e.preventDefault(); }
    } else if ((e.key === 'Enter' || e.key === ' ') && (state === 'ready' || state === 'done' || state === 'note')) {
      if (e.target && e.target.tagName === 'BUTTON') return;
      e.preventDefault();
      if (state === 'ready') start();
      else next();
    }
  });

  request('GET', '/api/book').then(function (a) {
    book = a.body;
    document.title = book.title + ' · play';
    $('title').textContent = book.title;
    if (book.reader) begin(book.reader);
    else askName();
  }, function () { banner('The play server did not answer.'); });
})();
`;
