import type { ReactNode } from 'react';

/** A small captioned table of counts: the text form of a chart, or a top list. */
export default function CountTable({
  caption,
  headers,
  rows,
  empty = 'Nothing counted in this period.',
}: {
  caption: ReactNode;
  headers: readonly string[];
  rows: readonly (readonly (string | number)[])[];
  empty?: string;
}) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="mb-2 text-left font-semibold text-ink">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-200 text-ink-muted">
          {headers.map((h, i) => (
            <th key={h} scope="col" className={i > 0 ? 'py-1 text-right' : 'py-1'}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={headers.length} className="py-2 text-ink-muted">
              {empty}
            </td>
          </tr>
        ) : (
          rows.map((row) => (
            <tr key={row.join('\t')} className="border-b border-slate-100">
              {row.map((cell, i) => (
                <td key={i} className={i > 0 ? 'py-1 text-right tabular-nums' : 'py-1 break-all'}>
                  {cell}
                </td>
              ))}
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}
