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

/**
 * At most this many pages are being deflated at once: drawing outruns zlib on dense pages, and each deflate
 * holds its page's operators and zlib's working memory until it is done.
 */
const IN_FLIGHT = 8;

/** Put in place of a begun stream's `write` (at module level: a closure would keep the page's bytes alive). */
function refuseWrite(): never {
  throw new Error("internal: a page's content was written to after it was drawn");
}

/** Deflates `input` into the stream: its buffer becomes the result and pdfkit writes it as it is. */
function deflateInto(ref: StreamRef, input: Buffer): Promise<void> {
  return new Promise<void>((resolve, reject) =>
    deflate(input, (error, out) => {
      if (error) return reject(error);
      // pdfkit deflates a stream only while `compress` is set; its filter entry stays.
      ref.buffer = [out];
      ref.compress = false;
      resolve();
    }),
  );
}

export class PageDeflates {
  private readonly pending: Promise<void>[] = [];

  /**
   * Begins deflating a drawn page's content stream (pdfkit's `page.content`); settles once fewer than
   * IN_FLIGHT deflates are running.
   */
  async begin(content: unknown): Promise<void> {
    const ref = content as StreamRef;
    if (!ref.compress || ref.buffer.length === 0) return;
    const input = Buffer.concat(ref.buffer);
    ref.buffer = [input];
    ref.write = refuseWrite;
    const done = deflateInto(ref, input);
    // Settled here too, so a failure is not reported as unhandled before it is awaited.
    done.catch(() => {});
    this.pending.push(done);
    if (this.pending.length >= IN_FLIGHT) await this.pending.shift();
  }

  /** Waits until every deflate begun is done (and its stream holds the result). */
  async finish(): Promise<void> {
    await Promise.all(this.pending);
    this.pending.length = 0;
  }
}
