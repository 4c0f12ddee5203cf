// A small seeded PRNG (mulberry32 over an FNV-1a hash of the seed): the same seed makes the same corp.
const B62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const HEX = '0123456789abcdef';

export function hashSeed(seed: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export class Prng {
  private s: number;
  constructor(seed: string | number) {
    this.s = typeof seed === 'number' ? seed >>> 0 : hashSeed(seed);
  }
  /** [0, 1) */
  next(): number {
    let t = (this.s = (this.s + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  // Built from char codes in one go: a string grown by += is a rope of many nodes, ~1 KB for an id.
  /** `prefix` + len random base-62 characters, as one flat string. */
  b62(len: number, prefix = ''): string {
    const codes = new Array<number>(prefix.length + len);
    for (let i = 0; i < prefix.length; i++) codes[i] = prefix.charCodeAt(i);
    for (let i = prefix.length; i < codes.length; i++) codes[i] = B62.charCodeAt(Math.floor(this.next() * 62));
    return String.fromCharCode(...codes);
  }
  hex(len: number): string {
    const codes = new Array<number>(len);
    for (let i = 0; i < len; i++) codes[i] = HEX.charCodeAt(Math.floor(this.next() * 16));
    return String.fromCharCode(...codes);
  }
}
