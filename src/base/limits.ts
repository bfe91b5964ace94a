/** Hard bounds that keep a build finite; each error that hits one names the bound. */
export const LIMITS = {
  /** Cells per maze (a 1024×1024 square maze). */
  maxCells: 1024 * 1024,
  /** Cells along one side of a maze. */
  maxSide: 2048,
  /** Pages a book may plan, front matter and answers included. */
  maxPages: 2000,
  /** Bytes of a spec or theme file. */
  maxFileBytes: 2 * 1024 * 1024,
  /** YAML alias expansions per file (guards against "billion laughs"). */
  maxAliases: 100,
  /**
   * Lists and mappings nested in one another in a YAML file (a spec needs about 8; the YAML parser's stack
   * overflows at some hundreds).
   */
  maxYamlDepth: 100,
  /** Largest paper side in points (200 in, the PDF user-space limit). */
  maxPaperSide: 14400,
  /** Bytes of a font file. */
  maxFontBytes: 32 * 1024 * 1024,
  /** Bytes of a lockfile read by --frozen or --avoid. */
  maxLockBytes: 16 * 1024 * 1024,
  /** Bytes of a maze JSON file. */
  maxJsonBytes: 256 * 1024 * 1024,
  /** Bleed beyond the trim, in points (0.5 in; print services ask for 0.125 in). */
  maxBleed: 36,
  /**
   * Cells a whole book may generate, candidates counted (about 400 pages of 100×100 mazes); a spec over it is
   * refused at planning with the biggest pages named.
   */
  maxBookCells: 32 * 1024 * 1024,
  /** Characters a template may produce (a title, instructions). */
  maxTemplateOutput: 4000,
  /** Largest width `{{pad n width}}` pads to. */
  maxPadWidth: 32,
  /** Bytes of a mask image file. */
  maxImageBytes: 20 * 1024 * 1024,
  /**
   * Pixels (width × height) of a mask image, checked from the header before decoding: a small file that
   * decodes to gigabytes (a "decompression bomb") is refused.
   */
  maxImagePixels: 25_000_000,
  /** Characters of a mask's text (a longer text would be too small to read as a maze anyway). */
  maxMaskTextChars: 200,
} as const;
