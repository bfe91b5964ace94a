/** What `mazebook calibrate` is told, for solve times (calibrate-times.ts) and recordings (calibrate-playtest.ts) alike. */
export interface CalibrateOptions {
  /** The book spec whose pages the times name by key or `#n` (needed only for such rows). */
  spec?: string;
  /** Where to write the model file (default: `<times name>.model.yaml` beside the times file). */
  output?: string;
  /** The name written into the model (default: the times file's name). */
  name?: string;
  /** Book seed instead of the spec's, as `build --seed` (the mazes must be the ones the readers solved). */
  seed?: number;
  allowAnyPath?: boolean;
  /** Write the model even when the times show no sign of difficulty (a warning instead of an error). */
  force?: boolean;
}
