import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { AppError, notFound } from '../lib/errors.js';
import type { Change } from './unit-of-work.js';

/** A table whose rows move through a status column (orders, payments, refunds, dues, events …). */
type StatusTable = PgTable & { id: PgColumn; status: PgColumn };

/**
 * Where a machine's state and key live. By default the table's `status` and `id` columns; a table
 * that names them otherwise (the organizer request on `users.organizer_request`, a row keyed by its
 * user) says which, and must when it has no such column.
 */
type Columns<T extends PgTable> = (T extends { status: PgColumn }
  ? { /** The column holding the state; default `status`. */ column?: PgColumn }
  : { column: PgColumn }) &
  (T extends { id: PgColumn }
    ? { /** The column a move's `id` is matched on; default `id`. */ key?: PgColumn }
    : { key: PgColumn });

/**
 * One state machine, declared once: which status may follow which. `transition` is the only way a row
 * of its table changes status, so the allowed moves are read here and nowhere else
 * (docs/state-machines.md draws each one).
 */
export type Machine<S extends string, T extends PgTable = StatusTable> = {
  /** What a person calls one row ("order", "refund request"), for the 409's message. */
  label: string;
  /** The audit entry's entity type. */
  entityType: string;
  table: T;
  /** For each status, the statuses it may move to (an end state maps to none). */
  moves: Record<S, readonly NoInfer<S>[]>;
} & Columns<T>;

export function defineMachine<S extends string, T extends PgTable>(machine: Machine<S, T>) {
  return machine;
}

/** The machine's state and key columns, whichever way it declared them. */
function columnsOf(machine: { table: PgTable; column?: PgColumn; key?: PgColumn }) {
  const table = machine.table as Partial<StatusTable>;
  const state = machine.column ?? table.status;
  const key = machine.key ?? table.id;
  if (!state || !key) throw new Error('a state machine needs its state and key columns');
  return { state, key };
}

/** The statuses a row may be in to move to `to`. */
export function sourcesOf<S extends string>(machine: { moves: Record<S, readonly S[]> }, to: S): S[] {
  return (Object.keys(machine.moves) as S[]).filter((from) => machine.moves[from].includes(to));
}

export function mayMove<S extends string>(
  machine: { moves: Record<S, readonly S[]> },
  from: S,
  to: S,
): boolean {
  return machine.moves[from]?.includes(to) ?? false;
}

/** The 409 a move that is not allowed from the row's current status answers. */
export class IllegalTransition extends AppError {
  constructor(
    readonly label: string,
    readonly current: string,
    readonly to: string,
  ) {
    super(
      409,
      `This ${label} is ${current.toLowerCase().replaceAll('_', ' ')}, so it can't become ${to.toLowerCase().replaceAll('_', ' ')}.`,
    );
  }
}

export interface Move<S extends string, T extends PgTable> {
  id: string;
  to: S;
  /** Only from these statuses (each must be allowed to move to `to`); default: every allowed one. */
  from?: readonly S[];
  /** Other columns set with the status (times, amounts, references). */
  set?: Partial<T['$inferInsert']>;
  /** A further guard the row must meet, in the same UPDATE (e.g. the hold has not expired). */
  where?: SQL;
  /** The audit entry's action; without one, no entry (the caller writes a richer one itself). */
  audit?: { action: string; organizationId?: string | null; before?: object; after?: object };
}

/**
 * Moves one row with a guarded UPDATE (`… WHERE id = $1 AND status IN (allowed sources)`), inside the
 * caller's unit of work, and writes its audit entry with the status before and after. Returns the row
 * as it now is, or null when the row is not in a status that may move (nothing changed): the caller
 * decides whether that is a conflict (`orThrow`) or a no-op (a sweep that lost a race).
 */
export async function transition<S extends string, T extends PgTable>(
  change: Change,
  machine: Machine<S, T>,
  move: Move<S, T>,
): Promise<T['$inferSelect'] | null> {
  const allowed = sourcesOf(machine, move.to);
  const from = (move.from ?? allowed).filter((status) => allowed.includes(status));
  if (from.length === 0) throw new Error(`${machine.label}: nothing may move to ${move.to}`);
  const { state, key } = columnsOf(machine);
  const [row] = (await change.tx
    .update(machine.table as PgTable)
    .set({ ...move.set, [stateProperty(machine.table, state)]: move.to } as never)
    .where(and(eq(key, move.id), inArray(state, from), move.where))
    .returning()) as T['$inferSelect'][];
  if (!row) return null;
  if (move.audit) {
    await change.audit({
      action: move.audit.action,
      entityType: machine.entityType,
      entityId: move.id,
      organizationId: move.audit.organizationId,
      before: { ...move.audit.before, status: from.length === 1 ? from[0] : from },
      after: { ...move.audit.after, status: move.to },
    });
  }
  return row;
}

/** `transition`, where a row that may not move is the caller's conflict: 404 if it is gone, else 409. */
export async function transitionOrThrow<S extends string, T extends PgTable>(
  change: Change,
  machine: Machine<S, T>,
  move: Move<S, T>,
): Promise<T['$inferSelect']> {
  const row = await transition(change, machine, move);
  if (row) return row;
  const current = await currentState(change, machine, move.id);
  if (current === null) throw notFound(`The ${machine.label}`);
  throw new IllegalTransition(machine.label, current, move.to);
}

/** The row's state now, or null when there is no such row (for the caller's own 404/409 messages). */
export async function currentState<S extends string, T extends PgTable>(
  change: Pick<Change, 'tx'>,
  machine: Machine<S, T>,
  id: string,
): Promise<S | null> {
  const { state, key } = columnsOf(machine);
  const [row] = (await change.tx
    .select({ state })
    .from(machine.table as PgTable)
    .where(eq(key, id))) as { state: S }[];
  return row ? row.state : null;
}

/** The table's property name for a column (what `.set({...})` is keyed by). */
function stateProperty(table: PgTable, column: PgColumn): string {
  for (const [property, value] of Object.entries(table)) if (value === column) return property;
  throw new Error(`column ${column.name} is not on the machine's table`);
}
