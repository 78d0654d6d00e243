/**
 * Reads the item structure of a HEIF file (ISO/IEC 23008-12 on ISO BMFF boxes) without
 * decoding anything: the primary item (`pitm`), the image items in file order (`iinf`), which
 * of them are thumbnails, auxiliary images or tiles of another (`iref`), and each item's
 * pixel size (`ispe` through `ipma`). process.ts uses it to refuse a file before a decoder
 * allocates memory for it.
 */

export interface HeifLayout {
  primaryId: number;
  /** Image items a decoder lists on their own, in file order (no thumbnails, tiles, aux). */
  topLevelImageIds: number[];
  /** The primary item's declared size (`ispe`); null when it has none. */
  primarySize: { width: number; height: number } | null;
}

/** Item types that are images (coded, or derived from other images). */
const IMAGE_ITEM_TYPES = new Set([
  'hvc1',
  'hev1',
  'avc1',
  'av01',
  'vvc1',
  'jpeg',
  'j2k1',
  'unci',
  'grid',
  'iden',
  'iovl',
  'tili',
  'mski',
]);
/** References whose source item is not an image of its own: thumbnails and auxiliary images. */
const DEPENDENT_FROM = new Set(['thmb', 'auxl']);

interface Box {
  type: string;
  /** Offset of the payload (after the header). */
  start: number;
  end: number;
}

class HeifParseError extends Error {}

function fail(what: string): never {
  throw new HeifParseError(what);
}

/** The boxes between `start` and `end`. */
function boxes(view: DataView, start: number, end: number): Box[] {
  const found: Box[] = [];
  let at = start;
  while (at + 8 <= end) {
    let size = view.getUint32(at);
    const type = String.fromCharCode(
      view.getUint8(at + 4),
      view.getUint8(at + 5),
      view.getUint8(at + 6),
      view.getUint8(at + 7),
    );
    let header = 8;
    if (size === 1) {
      if (at + 16 > end) fail('truncated box');
      const large = view.getBigUint64(at + 8);
      if (large > BigInt(end - at)) fail('box past its parent');
      size = Number(large);
      header = 16;
    } else if (size === 0) {
      size = end - at;
    }
    if (size < header || at + size > end) fail('box past its parent');
    found.push({ type, start: at + header, end: at + size });
    at += size;
    if (found.length > 10_000) fail('too many boxes');
  }
  return found;
}

const child = (list: Box[], type: string) => list.find((b) => b.type === type);

/** A reader of one box's payload that refuses to run past it. */
class Reader {
  constructor(
    private readonly view: DataView,
    public at: number,
    private readonly end: number,
  ) {}
  private need(n: number): void {
    if (this.at + n > this.end) fail('truncated box');
  }
  u8(): number {
    this.need(1);
    return this.view.getUint8(this.at++);
  }
  u16(): number {
    this.need(2);
    const v = this.view.getUint16(this.at);
    this.at += 2;
    return v;
  }
  u32(): number {
    this.need(4);
    const v = this.view.getUint32(this.at);
    this.at += 4;
    return v;
  }
  fourcc(): string {
    return String.fromCharCode(this.u8(), this.u8(), this.u8(), this.u8());
  }
  /** version and flags of a full box. */
  fullBox(): { version: number; flags: number } {
    const version = this.u8();
    const flags = (this.u8() << 16) | (this.u8() << 8) | this.u8();
    return { version, flags };
  }
}

/**
 * The layout of a HEIF file; throws when the boxes are malformed or the `meta` box, primary
 * item or item list is missing.
 */
export function readHeifLayout(bytes: Uint8Array): HeifLayout {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const meta = child(boxes(view, 0, bytes.byteLength), 'meta') ?? fail('no meta box');
  const metaReader = new Reader(view, meta.start, meta.end);
  metaReader.fullBox();
  const inMeta = boxes(view, metaReader.at, meta.end);

  const pitm = child(inMeta, 'pitm') ?? fail('no primary item');
  const pitmReader = new Reader(view, pitm.start, pitm.end);
  const primaryId = pitmReader.fullBox().version === 0 ? pitmReader.u16() : pitmReader.u32();

  // Item infos, in file order.
  const iinf = child(inMeta, 'iinf') ?? fail('no item list');
  const iinfReader = new Reader(view, iinf.start, iinf.end);
  if (iinfReader.fullBox().version === 0) iinfReader.u16();
  else iinfReader.u32();
  const items: { id: number; type: string; hidden: boolean }[] = [];
  for (const infe of boxes(view, iinfReader.at, iinf.end)) {
    if (infe.type !== 'infe') continue;
    const r = new Reader(view, infe.start, infe.end);
    const { version, flags } = r.fullBox();
    // Versions 0 and 1 carry no item type: such an item is no image.
    if (version < 2) continue;
    const id = version === 2 ? r.u16() : r.u32();
    r.u16(); // item_protection_index
    items.push({ id, type: r.fourcc(), hidden: (flags & 1) === 1 });
  }

  // Items that only serve another: thumbnails and auxiliary images (source of thmb/auxl),
  // and the inputs of derived images (targets of dimg).
  const dependent = new Set<number>();
  const iref = child(inMeta, 'iref');
  if (iref) {
    const r = new Reader(view, iref.start, iref.end);
    const wide = r.fullBox().version !== 0;
    for (const reference of boxes(view, r.at, iref.end)) {
      const rr = new Reader(view, reference.start, reference.end);
      const from = wide ? rr.u32() : rr.u16();
      const count = rr.u16();
      const targets: number[] = [];
      for (let i = 0; i < count; i++) targets.push(wide ? rr.u32() : rr.u16());
      if (DEPENDENT_FROM.has(reference.type)) dependent.add(from);
      if (reference.type === 'dimg') for (const target of targets) dependent.add(target);
    }
  }

  const topLevelImageIds = items
    .filter((item) => IMAGE_ITEM_TYPES.has(item.type) && !item.hidden && !dependent.has(item.id))
    .map((item) => item.id);
  return { primaryId, topLevelImageIds, primarySize: primarySize(view, inMeta, primaryId) };
}

/** The `ispe` property associated with the primary item, if any. */
function primarySize(view: DataView, inMeta: Box[], primaryId: number): HeifLayout['primarySize'] {
  const iprp = child(inMeta, 'iprp');
  if (!iprp) return null;
  const inIprp = boxes(view, iprp.start, iprp.end);
  const ipco = child(inIprp, 'ipco');
  if (!ipco) return null;
  const properties = boxes(view, ipco.start, ipco.end);
  for (const ipma of inIprp.filter((b) => b.type === 'ipma')) {
    const r = new Reader(view, ipma.start, ipma.end);
    const { version, flags } = r.fullBox();
    const entries = r.u32();
    for (let e = 0; e < entries; e++) {
      const itemId = version < 1 ? r.u16() : r.u32();
      const associations = r.u8();
      for (let a = 0; a < associations; a++) {
        const index = (flags & 1) === 1 ? r.u16() & 0x7fff : r.u8() & 0x7f;
        if (itemId !== primaryId || index === 0) continue;
        const property = properties[index - 1];
        if (property?.type !== 'ispe') continue;
        const pr = new Reader(view, property.start, property.end);
        pr.fullBox();
        return { width: pr.u32(), height: pr.u32() };
      }
    }
  }
  return null;
}

export { HeifParseError };
