/**
 * A string's UTF-16 code units, copied natively into a reused typed array. Hot loops read them
 * from the array instead of calling charCodeAt: mail reaches SHIELD as one-byte, two-byte, sliced
 * and flat strings, and charCodeAt over that mix cost several times more per character than one
 * monomorphic array read. A buffer is shared only by code that never holds its units across a
 * call that loads it again.
 */
export class CodeUnitBuffer {
  private units = new Uint16Array(4096);
  private bytes = Buffer.from(this.units.buffer, this.units.byteOffset, this.units.byteLength);
  /** The string whose units the buffer holds: loading it again costs nothing. */
  private loaded: string | undefined;

  /** The code units of `text` at indices [0, text.length); valid until the next call. */
  load(text: string): Uint16Array {
    if (text === this.loaded) return this.units;
    if (this.units.length < text.length) {
      this.units = new Uint16Array(Math.max(text.length, this.units.length * 2));
      this.bytes = Buffer.from(this.units.buffer, this.units.byteOffset, this.units.byteLength);
    }
    this.bytes.write(text, 0, 'utf16le');
    this.loaded = text;
    return this.units;
  }
}

/**
 * A reused, growing buffer that a loop writes code units into and reads back as one string: one
 * native decoding instead of a string per piece. Each writer has its own, since one may run while
 * another's units are still being written (the normaliser's passes call one another).
 */
export class CodeUnitOutput {
  private units = new Uint16Array(4096);
  private bytes = Buffer.from(this.units.buffer, this.units.byteOffset, this.units.byteLength);

  /** A buffer of at least `n` units, its contents left as they were; valid until the next call. */
  reserve(n: number): Uint16Array {
    if (this.units.length < n) {
      this.units = new Uint16Array(Math.max(n, 2 * this.units.length));
      this.bytes = Buffer.from(this.units.buffer, this.units.byteOffset, this.units.byteLength);
    }
    return this.units;
  }

  /** The buffer of at least `text.length` units, holding `text`'s. */
  copyOf(text: string): Uint16Array {
    const units = this.reserve(text.length);
    this.bytes.write(text, 0, 'utf16le');
    return units;
  }

  /** The first `n` units as a string. */
  string(n: number): string {
    return this.bytes.toString('utf16le', 0, 2 * n);
  }
}

/**
 * The buffer of the screened text, shared by the table pass and the word hashing of the models:
 * both read the same normalised piece, one after the other, so it is copied once.
 */
export const PIECE_UNITS = new CodeUnitBuffer();
