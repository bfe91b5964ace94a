/** The generate-maze package ships types its `exports` map does not expose; this is its default export. */
declare module 'generate-maze' {
  export default function generateMaze(
    width?: number,
    height?: number,
    closed?: boolean,
    seed?: number,
  ): { x: number; y: number; top: boolean; left: boolean; bottom: boolean; right: boolean }[][];
}
