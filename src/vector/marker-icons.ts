import { createRequire } from 'node:module';
import { type Icon, parseSvgPath } from './svg-icon.js';

/**
 * The bundled picture markers: icons of Material Design Icons (Pictogrammers, the `@mdi/js` package,
 * Apache License 2.0, its licence shipped in `node_modules/@mdi/js/LICENSE`), by the names a spec uses.
 * Each is one filled path on a 24 × 24 box.
 */
const MDI_NAMES = {
  rabbit: 'mdiRabbit',
  carrot: 'mdiCarrot',
  dog: 'mdiDog',
  bone: 'mdiBone',
  rocket: 'mdiRocket',
  planet: 'mdiEarth',
  bee: 'mdiBee',
  flower: 'mdiFlower',
  tulip: 'mdiFlowerTulip',
  cat: 'mdiCat',
  fish: 'mdiFish',
  cheese: 'mdiCheese',
  pirate: 'mdiPirate',
  treasure: 'mdiTreasureChest',
  butterfly: 'mdiButterfly',
  ladybug: 'mdiLadybug',
  snail: 'mdiSnail',
  leaf: 'mdiLeaf',
  bird: 'mdiBird',
  tree: 'mdiTree',
  turtle: 'mdiTurtle',
  penguin: 'mdiPenguin',
  home: 'mdiHome',
  castle: 'mdiCastle',
  crown: 'mdiCrown',
  star: 'mdiStar',
  heart: 'mdiHeart',
  gift: 'mdiGift',
  flag: 'mdiFlagCheckered',
} as const;

export type MarkerIconName = keyof typeof MDI_NAMES;
export const markerIconNames = Object.keys(MDI_NAMES) as MarkerIconName[];

/** Start → finish pairs that tell a small story, for books and docs to suggest. */
export const MARKER_PAIRS: readonly (readonly [MarkerIconName, MarkerIconName])[] = [
  ['rabbit', 'carrot'],
  ['dog', 'bone'],
  ['rocket', 'planet'],
  ['bee', 'flower'],
  ['cat', 'fish'],
  ['pirate', 'treasure'],
  ['butterfly', 'tulip'],
  ['snail', 'leaf'],
  ['bird', 'tree'],
  ['turtle', 'home'],
];

let mdi: Record<string, string> | undefined;
const icons = new Map<MarkerIconName, Icon>();

/**
 * The bundled icon of that name, parsed once. The icon package (a few megabytes of path strings) is loaded
 * on the first call only, so books without picture markers never pay for it.
 */
export function markerIcon(name: MarkerIconName): Icon {
  const hit = icons.get(name);
  if (hit) return hit;
  mdi ??= createRequire(import.meta.url)('@mdi/js') as Record<string, string>;
  const d = mdi[MDI_NAMES[name]];
  if (d === undefined) throw new Error(`icon ${MDI_NAMES[name]} is missing from @mdi/js`);
  const icon: Icon = { name, path: parseSvgPath(d), viewBox: [0, 0, 24, 24], evenOdd: false };
  icons.set(name, icon);
  return icon;
}

export function isMarkerIconName(name: string): name is MarkerIconName {
  return Object.hasOwn(MDI_NAMES, name);
}
