/**
 * PostgreSQL's built-in logical decoding output (`pgoutput`, protocol version 1), one message per row of
 * `pg_logical_slot_get_binary_changes`: the messages the change feed needs (Begin, Relation, Insert, Update, Delete,
 * Commit) per "Logical Replication Message Formats" in the PostgreSQL documentation; others are skipped.
 */
export interface RelationColumn {
  name: string;
  typeOid: number;
  /** Part of the replica identity (with REPLICA IDENTITY FULL: every column). */
  isKey: boolean;
}

export interface Relation {
  id: number;
  schema: string;
  table: string;
  columns: RelationColumn[];
}

/** A column's value in a tuple: null, an unchanged TOASTed value (not sent), or its text form. */
export type TupleValue = null | { unchanged: true } | string;

export type DecodedMessage =
  | { kind: 'begin'; commitTime: Date }
  | { kind: 'commit' }
  | { kind: 'relation'; relation: Relation }
  | { kind: 'insert'; relationId: number; newTuple: TupleValue[] }
  | { kind: 'update'; relationId: number; oldTuple: TupleValue[] | null; newTuple: TupleValue[] }
  | { kind: 'delete'; relationId: number; oldTuple: TupleValue[] }
  | { kind: 'skipped' };

/** Microseconds between the Unix epoch and PostgreSQL's (2000-01-01). */
const postgresEpochMicros = 946_684_800_000_000n;

class Reader {
  private offset = 0;
  constructor(private readonly buffer: Buffer) {}
  byte(): number {
    return this.buffer.readUInt8(this.offset++);
  }
  int16(): number {
    const value = this.buffer.readInt16BE(this.offset);
    this.offset += 2;
    return value;
  }
  int32(): number {
    const value = this.buffer.readInt32BE(this.offset);
    this.offset += 4;
    return value;
  }
  uint32(): number {
    const value = this.buffer.readUInt32BE(this.offset);
    this.offset += 4;
    return value;
  }
  int64(): bigint {
    const value = this.buffer.readBigInt64BE(this.offset);
    this.offset += 8;
    return value;
  }
  cString(): string {
    const end = this.buffer.indexOf(0, this.offset);
    if (end === -1) throw new Error('pgoutput: unterminated string');
    const text = this.buffer.toString('utf8', this.offset, end);
    this.offset = end + 1;
    return text;
  }
  bytes(length: number): Buffer {
    const slice = this.buffer.subarray(this.offset, this.offset + length);
    this.offset += length;
    return slice;
  }
  tuple(): TupleValue[] {
    const count = this.int16();
    const values: TupleValue[] = [];
    for (let i = 0; i < count; i++) {
      const kind = String.fromCharCode(this.byte());
      if (kind === 'n') values.push(null);
      else if (kind === 'u') values.push({ unchanged: true });
      else if (kind === 't') values.push(this.bytes(this.int32()).toString('utf8'));
      else throw new Error(`pgoutput: unknown tuple value kind ${kind}`);
    }
    return values;
  }
}

export function decodePgoutput(data: Buffer): DecodedMessage {
  const reader = new Reader(data);
  const tag = String.fromCharCode(reader.byte());
  switch (tag) {
    case 'B': {
      reader.int64(); // final LSN of the transaction
      const micros = reader.int64();
      return { kind: 'begin', commitTime: new Date(Number((micros + postgresEpochMicros) / 1000n)) };
    }
    case 'C':
      return { kind: 'commit' };
    case 'R': {
      const id = reader.uint32();
      const schema = reader.cString();
      const table = reader.cString();
      reader.byte(); // replica identity setting
      const count = reader.int16();
      const columns: RelationColumn[] = [];
      for (let i = 0; i < count; i++) {
        const flags = reader.byte();
        const name = reader.cString();
        const typeOid = reader.uint32();
        reader.int32(); // type modifier
        columns.push({ name, typeOid, isKey: (flags & 1) === 1 });
      }
      return { kind: 'relation', relation: { id, schema: schema === '' ? 'pg_catalog' : schema, table, columns } };
    }
    case 'I': {
      const relationId = reader.uint32();
      reader.byte(); // 'N'
      return { kind: 'insert', relationId, newTuple: reader.tuple() };
    }
    case 'U': {
      const relationId = reader.uint32();
      const marker = String.fromCharCode(reader.byte());
      let oldTuple: TupleValue[] | null = null;
      if (marker === 'K' || marker === 'O') {
        oldTuple = reader.tuple();
        reader.byte(); // 'N'
      }
      return { kind: 'update', relationId, oldTuple, newTuple: reader.tuple() };
    }
    case 'D': {
      const relationId = reader.uint32();
      reader.byte(); // 'K' or 'O'
      return { kind: 'delete', relationId, oldTuple: reader.tuple() };
    }
    default:
      return { kind: 'skipped' };
  }
}
