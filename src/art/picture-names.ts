/**
 * The bundled pictures by the names a spec uses, each the name of its art in Microsoft's Fluent Emoji (MIT
 * License): the colour "Flat" style for colour books, the one-colour "High Contrast" style for black-ink
 * and grey books. `npm run pictures` copies exactly these from the icon sets into `fluent-emoji.ts`.
 */
export const PICTURE_ART = {
  rabbit: 'rabbit',
  carrot: 'carrot',
  dog: 'dog',
  bone: 'bone',
  rocket: 'rocket',
  planet: 'ringed-planet',
  bee: 'honeybee',
  flower: 'blossom',
  sunflower: 'sunflower',
  tulip: 'tulip',
  cat: 'cat',
  fish: 'tropical-fish',
  shell: 'spiral-shell',
  mouse: 'mouse',
  cheese: 'cheese-wedge',
  pirate: 'pirate-flag',
  treasure: 'gem-stone',
  butterfly: 'butterfly',
  ladybug: 'lady-beetle',
  snail: 'snail',
  leaf: 'leaf-fluttering-in-wind',
  clover: 'four-leaf-clover',
  bird: 'bird',
  tree: 'deciduous-tree',
  turtle: 'turtle',
  penguin: 'penguin',
  monkey: 'monkey',
  banana: 'banana',
  bear: 'bear',
  honey: 'honey-pot',
  chipmunk: 'chipmunk',
  chestnut: 'chestnut',
  hedgehog: 'hedgehog',
  apple: 'red-apple',
  owl: 'owl',
  moon: 'crescent-moon',
  unicorn: 'unicorn',
  rainbow: 'rainbow',
  frog: 'frog',
  mushroom: 'mushroom',
  home: 'house',
  castle: 'castle',
  crown: 'crown',
  star: 'star',
  heart: 'red-heart',
  gift: 'wrapped-gift',
  flag: 'chequered-flag',
} as const;

export type PictureName = keyof typeof PICTURE_ART;

/**
 * Which way the bundled pictures of creatures and vehicles look or travel, as drawn (both art styles alike).
 * Only these are mirrored, so that a start picture faces into its maze: a rabbit reads as well looking right
 * as left, while a flag, a house or a piece of fruit has no way to face, and a bear, an owl or a frog looks
 * out of the page.
 */
export const PICTURE_FACING: Partial<Record<PictureName, 'left' | 'right'>> = {
  rabbit: 'left',
  dog: 'left',
  rocket: 'right',
  bee: 'left',
  cat: 'left',
  fish: 'left',
  mouse: 'left',
  snail: 'left',
  bird: 'left',
  turtle: 'left',
  monkey: 'left',
  chipmunk: 'left',
  hedgehog: 'left',
  unicorn: 'left',
};
export const pictureNames = Object.keys(PICTURE_ART) as PictureName[];

export function isPictureName(name: string): name is PictureName {
  return Object.hasOwn(PICTURE_ART, name);
}

/** Start → finish pairs that tell a small story, for books and docs to suggest. */
export const PICTURE_PAIRS: readonly (readonly [PictureName, PictureName])[] = [
  ['rabbit', 'carrot'],
  ['bee', 'flower'],
  ['rocket', 'planet'],
  ['dog', 'bone'],
  ['fish', 'shell'],
  ['mouse', 'cheese'],
  ['cat', 'fish'],
  ['pirate', 'treasure'],
  ['butterfly', 'tulip'],
  ['snail', 'leaf'],
  ['bird', 'tree'],
  ['turtle', 'home'],
  ['monkey', 'banana'],
  ['bear', 'honey'],
  ['chipmunk', 'chestnut'],
  ['hedgehog', 'apple'],
  ['owl', 'moon'],
  ['unicorn', 'rainbow'],
  ['frog', 'mushroom'],
];

/** The line a book using bundled pictures prints on its copyright page (and cover credits). */
export const PICTURE_CREDIT = 'Pictures: Fluent Emoji by Microsoft Corporation, MIT License.';
