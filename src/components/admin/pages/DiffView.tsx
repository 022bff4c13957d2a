import { humanize } from '../../../schemas/field-label';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
// Bookkeeping fields change on every save and would only add noise.
const IGNORED = new Set(['updatedAt', 'createdAt', 'id']);

function show(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 1);
  return text.length > 400 ? `${text.slice(0, 400)}…` : text;
}

/** Label of a list element (reorders store items or ids). */
const itemLabel = (v: unknown) =>
  isRecord(v) ? String(v.title ?? v.name ?? v.label ?? v.id ?? '') : String(v);

/** A readable before/after view of one history entry: changed fields side by side. */
export default function DiffView({
  before: rawBefore,
  after: rawAfter,
}: {
  before: unknown;
  after: unknown;
}) {
  // A reorder is recorded as { ids: [...] }: show it as the two orders.
  const before = isRecord(rawBefore) && Array.isArray(rawBefore.ids) ? rawBefore.ids : rawBefore;
  const after = isRecord(rawAfter) && Array.isArray(rawAfter.ids) ? rawAfter.ids : rawAfter;
  if (Array.isArray(before) || Array.isArray(after)) {
    const list = (v: unknown) => (Array.isArray(v) ? v.map(itemLabel) : []);
    return (
      <div className="grid gap-4 text-sm sm:grid-cols-2">
        {(['Before', 'After'] as const).map((label, n) => (
          <div key={label}>
            <p className="mb-1 text-xs font-medium text-ink-soft uppercase">{label}</p>
            <ol className="list-decimal pl-5">
              {list(n === 0 ? before : after).map((item, i) => (
                <li key={i}>{item}</li>
              ))}
            </ol>
          </div>
        ))}
      </div>
    );
  }
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter(
    (k) =>
      !IGNORED.has(k) &&
      (!isRecord(before) || !isRecord(after) || JSON.stringify(b[k]) !== JSON.stringify(a[k])),
  );
  if (keys.length === 0) return <p className="text-sm text-ink-muted">No visible field changed.</p>;
  return (
    <table className="w-full table-fixed text-left text-sm">
      <thead className="text-xs text-ink-soft uppercase">
        <tr>
          <th scope="col" className="w-1/4 py-1 pr-3 font-medium">
            Field
          </th>
          <th scope="col" className="py-1 pr-3 font-medium">
            Before
          </th>
          <th scope="col" className="py-1 font-medium">
            After
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 align-top">
        {keys.map((k) => (
          <tr key={k}>
            <th scope="row" className="py-1.5 pr-3 font-medium text-ink">
              {humanize(k)}
            </th>
            <td className="py-1.5 pr-3 break-words whitespace-pre-wrap text-red-800">
              <del className="no-underline">{isRecord(before) ? show(b[k]) : '—'}</del>
            </td>
            <td className="py-1.5 break-words whitespace-pre-wrap text-emerald-800">
              <ins className="no-underline">{isRecord(after) ? show(a[k]) : '—'}</ins>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
