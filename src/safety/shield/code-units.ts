/**
 * A string's UTF-16 code units, copied natively into a reused typed array. Hot loops read them
 * from the array instead of calling charCodeAt: mail reaches SHIELD as one-byte, two-byte, sliced
 * and flat strings, and charCodeAt over that mix cost several times more per character than one
 * monomorphic array read. Each module keeps its own buffer, so no caller can overwrite another's.
 */
export class CodeUnitBuffer {
  private units = new Uint16Array(4096);
  private bytes = Buffer.from(this.units.buffer, this.units.byteOffset, this.units.byteLength);

  /** The code units of `text` at indices [0, text.length); valid until the next call. */
  load(text: string): Uint16Array {
    if (this.units.length < text.length) {
      this.units = new Uint16Array(Math.max(text.length, this.units.length * 2));
      this.bytes = Buffer.from(this.units.buffer, this.units.byteOffset, this.units.byteLength);
    }
    this.bytes.write(text, 0, 'utf16le');
    return this.units;
  }
}
