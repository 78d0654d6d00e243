/**
 * Prepared statements for PGlite: each distinct SQL text is parsed once, as a named statement
 * of PGlite's one session, and later runs only bind and execute (with the sync: one call into
 * the database instead of six).
 *
 * PGlite's own `query()` sends every statement through the whole extended protocol each time
 * (parse, describe, bind, describe, execute, sync: six calls into the WebAssembly Postgres),
 * so Postgres parses, analyzes and plans it anew on every call. Our statements are few and
 * repeat (Drizzle writes the same text for the same query, values go in as parameters), so
 * the parse and the analysis are wasted work; for the chat list's queries the planning alone
 * was most of the time (docs/decisions.md "PGlite: prepared statements"). With a named
 * statement Postgres keeps the parse tree and, once it has seen that a generic plan is as good
 * as the custom ones (after five runs), the plan too.
 *
 * Same answers as `query()`: the same results (`toResults` below reads them as PGlite's
 * `parseResults` does, with the row description kept from the statement's describe, but picks
 * each column's parser once instead of copying every parser per call), the same errors (with
 * query and params), a sync after every statement, `syncToFs` outside transactions, and the
 * same locks (a statement outside a transaction waits for an open transaction to end; one
 * inside it runs between the transaction's own). A new text costs one describe more, once.
 * At most `MAX_STATEMENTS` are kept (least recently used closed first). A statement Postgres
 * can no longer run as prepared (a table's columns changed under it) is dropped and parsed
 * again.
 */
import {
  parse,
  protocol,
  types,
  messages as wire,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

type BackendMessage = wire.BackendMessage;

/** Statements kept prepared at once; the rest are closed, least recently used first. */
export const MAX_STATEMENTS = 2_000;

interface Prepared {
  name: string;
  paramTypes: number[];
  /** The statement's row description ('rowDescription'), or none for a statement without rows. */
  rowDescription: BackendMessage | undefined;
}

/** Postgres' "cached plan must not change result type" (after DDL on a table the statement reads). */
const FEATURE_NOT_SUPPORTED = '0A000';

interface DatabaseErrorLike {
  code?: string;
  query?: string;
  params?: unknown[];
  queryOptions?: QueryOptions;
}

/** What PGlite keeps to itself but lets subclasses use: the query mutex and the file sync. */
interface PGliteInternals {
  _checkReady(): Promise<void>;
  /** Held by a whole transaction, and by each statement outside one. */
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  /** Held by each statement. */
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  syncToFs(): Promise<void>;
}

type Parser = (value: string, typeId: number) => unknown;

const EXECUTE = protocol.serialize.execute({});

/**
 * Protocol messages written one after the other, for one call. Not `Buffer.concat`: its small
 * results are slices of Node's shared 8 KB pool, which measured slower (docs/decisions.md
 * "PGlite: prepared statements").
 */
function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The result of one statement's messages, as PGlite's `parseResults` makes it. */
function toResults<T>(
  messages: readonly BackendMessage[],
  parsers: Record<number, Parser>,
  options: QueryOptions | undefined,
): Results<T> {
  let fields: { name: string; dataTypeID: number }[] = [];
  let columnParsers: (Parser | undefined)[] = [];
  const rows: unknown[] = [];
  for (const message of messages) {
    if (message instanceof wire.RowDescriptionMessage) {
      fields = message.fields.map((field) => ({
        name: field.name,
        dataTypeID: field.dataTypeID,
      }));
      columnParsers = fields.map(
        ({ dataTypeID }) =>
          (options?.parsers?.[dataTypeID] as Parser | undefined) ??
          parsers[dataTypeID] ??
          (types.parsers[dataTypeID] as Parser | undefined),
      );
    } else if (message instanceof wire.DataRowMessage) {
      const values = message.fields.map((value, i) => {
        const parser = columnParsers[i];
        return value === null ? null : parser ? parser(value, fields[i]?.dataTypeID ?? 0) : value;
      });
      rows.push(
        options?.rowMode === 'array' ? values : Object.fromEntries(values.map((value, i) => [fields[i]?.name, value])),
      );
    } else if (message instanceof wire.CommandCompleteMessage) {
      const words = message.text.split(' ');
      const command = words[0] ?? '';
      const count = Number.parseInt(words[words.length - 1] ?? '', 10);
      const writes = ['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command);
      return {
        rows: rows as T[],
        fields,
        command,
        affectedRows: writes && !Number.isNaN(count) ? count : 0,
        ...(Number.isNaN(count) ? {} : { rowCount: count }),
      };
    }
  }
  return { rows: [], fields: [], affectedRows: 0 };
}

/**
 * Makes `client.query()` (and the `query()` of its transactions) run through prepared
 * statements. Returns the client itself.
 */
export function usePreparedStatements(client: PGlite, options: { maxStatements?: number } = {}): PGlite {
  const maxStatements = options.maxStatements ?? MAX_STATEMENTS;
  const internals = client as unknown as PGliteInternals;
  const statements = new Map<string, Prepared>();
  let counter = 0;

  const exec = (message: Uint8Array) => client.execProtocolStream(message, { syncToFs: false });

  const withContext = (error: unknown, text: string, params: unknown[], options: QueryOptions | undefined) => {
    if (error && typeof error === 'object' && 'code' in error) {
      Object.assign(error as DatabaseErrorLike, { query: text, params, queryOptions: options });
    }
    return error;
  };

  async function prepare(text: string, options: QueryOptions | undefined): Promise<Prepared> {
    const known = statements.get(text);
    if (known) {
      // Most recently used last: the Map's order is the eviction order.
      statements.delete(text);
      statements.set(text, known);
      return known;
    }
    const name = `s${(counter += 1)}`;
    const described = await exec(
      concat(
        protocol.serialize.parse({ name, text, types: options?.paramTypes ?? [] }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ),
    );
    const prepared: Prepared = {
      name,
      paramTypes: parse.parseDescribeStatementResults(described),
      rowDescription: described.find((message) => message.name === 'rowDescription'),
    };
    statements.set(text, prepared);
    if (statements.size > maxStatements) {
      const [oldestText, oldest] = statements.entries().next().value as [string, Prepared];
      statements.delete(oldestText);
      await exec(protocol.serialize.close({ type: 'S', name: oldest.name }));
    }
    return prepared;
  }

  async function run(text: string, params: unknown[], options: QueryOptions | undefined): Promise<BackendMessage[]> {
    const messages: BackendMessage[] = [];
    try {
      const statement = await prepare(text, options);
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const type = statement.paramTypes[i] ?? 0;
        const serializer = options?.serializers?.[type] ?? client.serializers[type];
        // As PGlite's query(): a value of a type without a serializer goes as its own text.
        return serializer ? serializer(value) : (value as { toString(): string }).toString();
      });
      if (statement.rowDescription) messages.push(statement.rowDescription);
      // Bind, execute and sync in one call into the database (one round, not three).
      messages.push(
        ...(await exec(
          concat(protocol.serialize.bind({ statement: statement.name, values }), EXECUTE, protocol.serialize.sync()),
        )),
      );
    } catch (error) {
      // After an error the backend skips to the next sync: send one (again, if it had one).
      await exec(protocol.serialize.sync());
      throw error;
    }
    return messages;
  }

  async function query<T>(
    text: string,
    params: unknown[] = [],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    return internals._runExclusiveQuery(async () => {
      let messages: BackendMessage[];
      try {
        messages = await run(text, params, options);
      } catch (error) {
        if ((error as DatabaseErrorLike).code !== FEATURE_NOT_SUPPORTED || !statements.has(text)) {
          throw withContext(error, text, params, options);
        }
        // The statement no longer fits its tables: forget it and parse it again.
        const stale = statements.get(text);
        statements.delete(text);
        if (stale) await exec(protocol.serialize.close({ type: 'S', name: stale.name }));
        await exec(protocol.serialize.sync());
        try {
          messages = await run(text, params, options);
        } catch (retryError) {
          throw withContext(retryError, text, params, options);
        }
      }
      if (!inTransaction) await internals.syncToFs();
      return toResults<T>(messages, client.parsers as Record<number, Parser>, options);
    });
  }

  const plainTransaction = client.transaction.bind(client);
  Object.assign(client, {
    // As PGlite's query(): a statement outside a transaction waits for any open transaction
    // to end (one session: it would otherwise run inside it).
    query: async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
      await internals._checkReady();
      return internals._runExclusiveTransaction(() => query<T>(text, params, options, false));
    },
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) =>
      plainTransaction((tx) =>
        callback(
          new Proxy(tx, {
            get(target, property, receiver) {
              if (property !== 'query') return Reflect.get(target, property, receiver) as unknown;
              return <R>(text: string, params?: unknown[], options?: QueryOptions) => {
                if (target.closed) throw new Error('Transaction is closed');
                return query<R>(text, params, options, true);
              };
            },
          }),
        ),
      ),
  });
  return client;
}
