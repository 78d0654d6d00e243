/**
 * A sortable table of the dashboards (@tanstack/react-table): column headers sort on click
 * (aria-sort says how), and the table's rows download as CSV as they are shown.
 */
import {
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
} from '@tanstack/react-table';
import { useState } from 'react';
import { csvOf } from './dashboards-store.ts';
import { DASHBOARD_TEXT } from './texts.ts';

export interface Column<Row> {
  key: keyof Row & string;
  label: string;
  format?: (row: Row) => string;
}

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

export function DataTable<Row extends object>({
  title,
  file,
  columns,
  rows,
}: {
  title: string;
  file: string;
  columns: readonly Column<Row>[];
  rows: Row[];
}) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const defs: ColumnDef<Row>[] = columns.map((column) => ({
    id: column.key,
    accessorFn: (row: Row) => row[column.key],
    header: column.label,
    cell: ({ row }) => (column.format ? column.format(row.original) : String(row.original[column.key] ?? '')),
  }));
  // The project does not use the React Compiler, which is what this rule protects: the table's
  // functions are read during render only.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows,
    columns: defs,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });
  const id = `table-${file}`;
  return (
    <section className="flex flex-col gap-2" aria-labelledby={id}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-bold">
          {title}
        </h2>
        <button
          type="button"
          className="btn btn-outline"
          onClick={() =>
            download(
              `${file}.csv`,
              csvOf(
                columns.map((column) => column.key),
                table.getRowModel().rows.map((row) => row.original as Record<string, unknown>),
              ),
            )
          }
        >
          {DASHBOARD_TEXT.export_table}
        </button>
      </div>
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby={id}>
        <table className="w-full text-left text-sm">
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className="p-2"
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
                    >
                      <button
                        type="button"
                        className="font-semibold underline-offset-2 hover:underline"
                        onClick={header.column.getToggleSortingHandler()}
                      >
                        {flexRender(header.column.columnDef.header, header.getContext())}
                        {sorted === 'asc' ? ' ↑' : sorted === 'desc' ? ' ↓' : ''}
                      </button>
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className="border-t border-line">
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className="p-2">
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
