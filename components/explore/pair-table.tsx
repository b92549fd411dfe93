'use client';
/**
 * The explorer's table (TanStack Table v9): the server sorts, filters and pages (manualSorting);
 * the table owns column visibility, widths and the header sort toggles, and every change goes into
 * the URL: sorting navigates (new rows from the server); visibility, widths and density change here
 * at once and replace the URL in place (history.replaceState: no new request, the same rows).
 * Keyboard: ↑/↓ or j/k move between rows, Enter opens the pair, [ and ] turn pages; j, k, [ and ]
 * work from anywhere on the page except while typing in a field. On a phone (760 px and less) each
 * row is a card: the id, then the two texts one above the other across the width, then the other
 * columns, each with its name (explore.module.css); the headers' sort buttons wrap above them.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useRouter, useSearchParams } from 'next/navigation';
import {
  columnResizingFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type ColumnSizingState,
  type ColumnVisibilityState,
  type SortingState,
} from '@tanstack/react-table';
import {
  explorerColumns,
  STICKY_COLUMNS,
  withLayoutOf,
  writeExplorerView,
  type Density,
  type ExplorerColumn,
} from '@/lib/explore/explorer-view';
import type { PairRowDto } from './pair-row';
import { PairCell } from './pair-cell';
import { ColumnChooser } from './column-chooser';
import styles from './explore.module.css';
import { KeyHint } from '@/components/ui/key-hint';
import { keyTargetKind } from '@/components/ui/key-target';

const features = tableFeatures({ columnVisibilityFeature, columnSizingFeature, columnResizingFeature, rowSortingFeature });

const columnDef = (c: ExplorerColumn): ColumnDef<typeof features, PairRowDto> => ({
  id: c.id,
  header: c.label,
  size: c.defaultWidth,
  minSize: 40,
  enableSorting: c.sortable,
  accessorFn: (row: PairRowDto) => (row as unknown as Record<string, unknown>)[c.id],
  cell: ({ row }) => <PairCell column={c} row={row.original} />,
});

export interface PairTableProps {
  rows: PairRowDto[];
  visible: string[];
  widths: Record<string, number>;
  density: Density;
  sort: { key: string; desc: boolean };
  prevHref: string | null;
  nextHref: string | null;
  /** appended to a column header's tooltip, by column id (sem and delta: which measures sem averages) */
  headerNotes?: Partial<Record<string, string>>;
  /** after the built-in columns: the user measures of the one corpus shown (u.NAME) */
  extraColumns?: readonly ExplorerColumn[];
}

const NO_EXTRA: readonly ExplorerColumn[] = [];

export function PairTable({
  rows,
  visible: initialVisible,
  widths,
  density: initialDensity,
  sort,
  prevHref,
  nextHref,
  headerNotes = {},
  extraColumns = NO_EXTRA,
}: PairTableProps) {
  const allColumns = useMemo(() => [...explorerColumns, ...extraColumns], [extraColumns]);
  const columns = useMemo(() => allColumns.map(columnDef), [allColumns]);
  const router = useRouter();
  const searchParams = useSearchParams();
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const [visible, setVisible] = useState(initialVisible);
  const [density, setDensity] = useState(initialDensity);
  const [sizing, setSizing] = useState<ColumnSizingState>(widths);
  const visibility = useMemo<ColumnVisibilityState>(
    () => Object.fromEntries(allColumns.map((c) => [c.id, visible.includes(c.id)])),
    [allColumns, visible],
  );
  const sorting = useMemo<SortingState>(() => [{ id: sort.key, desc: sort.desc }], [sort.key, sort.desc]);

  const replaceView = (change: { columns?: string[]; widths?: Record<string, number>; density?: Density }) => {
    const params = new URLSearchParams(window.location.search);
    writeExplorerView(params, {
      columns: change.columns ?? visible,
      widths: change.widths ?? sizing,
      density: change.density ?? density,
      backward: params.get('dir') === 'prev',
      from: Number(params.get('from') ?? 1),
    });
    window.history.replaceState(null, '', `/explore?${params.toString()}`);
  };
  const go = (href: string) => router.push(withLayoutOf(href, searchParams));

  const table = useTable({
    features,
    columns,
    data: rows,
    manualSorting: true,
    enableColumnResizing: true,
    columnResizeMode: 'onEnd',
    state: { columnVisibility: visibility, sorting, columnSizing: sizing },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      const params = new URLSearchParams(window.location.search);
      for (const p of ['cursor', 'dir', 'from']) params.delete(p);
      if (first && !(first.id === 'id' && !first.desc)) params.set('sort', `${first.desc ? '-' : ''}${first.id}`);
      else params.delete('sort');
      router.push(`/explore?${params.toString()}`);
    },
    onColumnVisibilityChange: (updater) => {
      const next = typeof updater === 'function' ? updater(visibility) : updater;
      const columns = allColumns.map((c) => c.id).filter((id) => next[id]);
      setVisible(columns);
      replaceView({ columns });
    },
    onColumnSizingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sizing) : updater;
      setSizing(next);
      replaceView({ widths: next });
    },
  });

  // the id and text columns stay in view while the rest scrolls: each sticks at the widths before it
  const stickyLeft = new Map<string, number>();
  let left = 0;
  for (const header of table.getHeaderGroups()[0]?.headers ?? []) {
    if (!STICKY_COLUMNS.includes(header.column.id)) break;
    stickyLeft.set(header.column.id, left);
    left += header.getSize();
  }
  const lastSticky = [...stickyLeft.keys()].at(-1);
  const stickyStyle = (id: string) => (stickyLeft.has(id) ? { left: stickyLeft.get(id) } : {});
  const cellClass = (id: string) =>
    [
      allColumns.find((c) => c.id === id)?.numeric ? 'num' : '',
      stickyLeft.has(id) ? styles.sticky : '',
      id === lastSticky ? styles.stickyLast : '',
    ]
      .filter(Boolean)
      .join(' ');
  const focusRow = (index: number) => bodyRef.current?.querySelectorAll<HTMLTableRowElement>('tr')[index]?.focus();
  const lastRow = useRef(-1);
  // j / k / [ / ] from anywhere outside the table's rows (they handle their own keys) and outside fields
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || keyTargetKind(event.target) === 'text')
        return;
      if (event.target instanceof Node && bodyRef.current?.contains(event.target)) return;
      if (event.key === 'j') focusRow(Math.min(rows.length - 1, lastRow.current + 1));
      else if (event.key === 'k') focusRow(Math.max(0, lastRow.current - 1));
      else if (event.key === ']' && nextHref) router.push(withLayoutOf(nextHref, new URLSearchParams(window.location.search)));
      else if (event.key === '[' && prevHref) router.push(withLayoutOf(prevHref, new URLSearchParams(window.location.search)));
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [rows.length, nextHref, prevHref, router]);
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, index: number, href: string) => {
    if (event.key === 'ArrowDown' || event.key === 'j') focusRow(Math.min(rows.length - 1, index + 1));
    else if (event.key === 'ArrowUp' || event.key === 'k') focusRow(Math.max(0, index - 1));
    else if (event.key === 'Enter') router.push(href);
    else if (event.key === ']' && nextHref) go(nextHref);
    else if (event.key === '[' && prevHref) go(prevHref);
    else return;
    event.preventDefault();
  };

  return (
    <div className={styles.tableArea}>
      <div className="row">
        <ColumnChooser columns={allColumns} visible={visible} onToggle={(id, on) => table.getColumn(id)?.toggleVisibility(on)} />
        <label className={styles.inline}>
          Density
          <select
            value={density}
            onChange={(e) => {
              const next = e.target.value as Density;
              setDensity(next);
              replaceView({ density: next });
            }}
          >
            <option value="comfortable">comfortable</option>
            <option value="compact">compact</option>
          </select>
        </label>
        <span className="small muted">
          Keys: <KeyHint keys={['j', 'k']}>rows</KeyHint> · <KeyHint keys={['Enter']}>opens</KeyHint> ·{' '}
          <KeyHint keys={['[', ']']}>pages</KeyHint>
        </span>
      </div>
      <div className={styles.scroll}>
        <table
          className={`data ${styles.table} ${density === 'compact' ? styles.compact : ''}`}
          aria-label="Pairs"
          style={{ width: table.getTotalSize() }}
        >
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const col = allColumns.find((c) => c.id === header.column.id)!;
                  const sorted = header.column.getIsSorted();
                  return (
                    <th
                      key={header.id}
                      style={{ width: header.getSize(), ...stickyStyle(col.id) }}
                      className={cellClass(col.id)}
                      title={headerNotes[col.id] ? `${col.description}. ${headerNotes[col.id]}` : col.description}
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
                    >
                      {header.column.getCanSort() ? (
                        <button
                          type="button"
                          className={styles.sortButton}
                          onClick={() =>
                            header.column.toggleSorting(sorted === 'desc' ? false : sorted === 'asc' ? true : col.id !== 'id')
                          }
                        >
                          {col.label} {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : ''}
                        </button>
                      ) : (
                        col.label
                      )}
                      <span
                        role="separator"
                        aria-label={`Resize ${col.label}`}
                        className={styles.resizer}
                        onMouseDown={header.getResizeHandler()}
                        onTouchStart={header.getResizeHandler()}
                      />
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody ref={bodyRef}>
            {table.getRowModel().rows.map((row, index) => (
              <tr
                key={row.original.id}
                tabIndex={index === 0 ? 0 : -1}
                className={styles.bodyRow}
                onKeyDown={(e) => onKeyDown(e, index, row.original.href)}
                onFocus={() => (lastRow.current = index)}
                data-pair-id={row.original.id}
              >
                {row.getVisibleCells().map((cell) => (
                  <td
                    key={cell.id}
                    className={`${cellClass(cell.column.id)} ${cell.column.id === 'a' || cell.column.id === 'b' ? styles.textCell : ''}`}
                    style={stickyStyle(cell.column.id)}
                    data-label={allColumns.find((c) => c.id === cell.column.id)?.label}
                  >
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
