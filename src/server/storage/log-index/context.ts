import { readJSONShared } from '../store';
import { chunkSchemaOf, headSchemaOf, type Head, type LogIndexOptions } from './schemas';

/*
 * What every part of one log index works from, made once by logIndex and passed to each: its
 * options, the schemas of its documents and where its chunks live; and the head as stored.
 */

export interface LogContext<Row> {
  o: LogIndexOptions<Row>;
  headSchema: ReturnType<typeof headSchemaOf<Row>>;
  chunkSchema: ReturnType<typeof chunkSchemaOf<Row>>;
  /** What every chunk key starts with. */
  chunkPrefix: string;
}

export function contextOf<Row>(o: LogIndexOptions<Row>): LogContext<Row> {
  return {
    o,
    headSchema: headSchemaOf(o.row),
    chunkSchema: chunkSchemaOf(o.row),
    // Beside the head, not under it: a file-backed store cannot hold a key and keys below it.
    chunkPrefix: `${o.snapshotKey}-chunks/`,
  };
}

/** Whether a head has still to be swept for records whose tail key never landed. */
export const needsSweep = <Row>({ o }: LogContext<Row>, head: Head<Row>) =>
  o.orphans !== undefined && !head.swept;

/** The head as stored now (a warm function reuses its parsed copy while it is unchanged). */
export const current = async <Row>({ o, headSchema }: LogContext<Row>) =>
  (await readJSONShared(o.snapshotStore(), o.snapshotKey, headSchema)) as Head<Row> | null;
