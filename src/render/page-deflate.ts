import { deflate } from 'node:zlib';

/**
 * Page contents deflated on zlib's threads while the next pages are drawn. pdfkit deflates each page's
 * content stream when it writes the page (`zlib.deflateSync` at zlib's default level, on this thread); with
 * the pages kept until the end (`bufferPages`), a page's content is complete once it is drawn, so its
 * deflate can start then, and the stream holds the result from when it is done (pdfkit then writes it as it
 * is). The bytes are the same: one zlib deflate of the same bytes with the same settings, whichever thread
 * runs it. Nothing may write to a page's content once its deflate has begun (an internal error if it does).
 */

/** The parts of pdfkit's stream object (`PDFReference`) this touches. */
interface StreamRef {
  buffer: Uint8Array[];
  compress: boolean;
  write(chunk: unknown): void;
}

export class PageDeflates {
  private readonly pending: Promise<void>[] = [];

  /** Begins deflating a drawn page's content stream (pdfkit's `page.content`). */
  begin(content: unknown): void {
    const ref = content as StreamRef;
    if (!ref.compress || ref.buffer.length === 0) return;
    const input = Buffer.concat(ref.buffer);
    ref.write = () => {
      throw new Error("internal: a page's content was written to after it was drawn");
    };
    const done = new Promise<void>((resolve, reject) =>
      deflate(input, (error, out) => {
        if (error) return reject(error);
        // Written as it is: pdfkit deflates a stream only while `compress` is set (its filter stays).
        ref.buffer = [out];
        ref.compress = false;
        resolve();
      }),
    );
    // Settled here too, so a failure is not reported as unhandled before `finish` awaits it.
    done.catch(() => {});
    this.pending.push(done);
  }

  /** Waits until every deflate begun is done (and its stream holds the result). */
  async finish(): Promise<void> {
    await Promise.all(this.pending);
    this.pending.length = 0;
  }
}
