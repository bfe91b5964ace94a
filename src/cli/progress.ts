/** A one-line progress display that redraws in place on a terminal and stays silent otherwise. */
export interface ProgressDisplay {
  update(text: string): void;
  clear(): void;
}

export function createProgress(stream: NodeJS.WriteStream, enabled: boolean): ProgressDisplay {
  if (!enabled || !stream.isTTY) return { update: () => {}, clear: () => {} };
  let shown = false;
  return {
    update(text: string) {
      const width = Math.max(20, (stream.columns ?? 80) - 1);
      stream.write(`\r\x1b[2K${text.slice(0, width)}`);
      shown = true;
    },
    clear() {
      if (shown) stream.write('\r\x1b[2K');
      shown = false;
    },
  };
}
