#pragma once
// The plain JavaScript of the benchmark report's tables, inline so the report still works from a
// file with no network: every table (but a grid such as the heat map) gets a filter box (rows must contain every word
// typed, case ignored) and sortable columns (click a header; numbers sort as numbers, "-" and empty cells last; a
// second click reverses). When it has run, each table carries data-ready="1".

namespace robometrics::bench {

inline constexpr const char *kTableScript = R"js(
(function () {
  function key(cell) {
    const t = cell.textContent.trim();
    const n = parseFloat(t);
    return t === '' || t === '-' ? null : (isNaN(n) || !/^[-+]?[0-9.]/.test(t) ? t.toLowerCase() : n);
  }
  function compare(a, b) {
    if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
    if (typeof a === typeof b) return a < b ? -1 : a > b ? 1 : 0;
    return typeof a === 'number' ? -1 : 1;
  }
  for (const table of document.querySelectorAll('main table')) {
    if (table.dataset.fixed) continue;  // a grid (the heat map): its order is the axes' order
    const rows = [...table.rows];
    if (rows.length < 2) continue;
    const head = rows[0], body = rows.slice(1);
    const filter = document.createElement('input');
    filter.className = 'table-filter';
    filter.placeholder = 'filter rows (words)';
    filter.style.width = '20em';
    filter.addEventListener('input', () => {
      const words = filter.value.toLowerCase().split(/\s+/).filter(w => w);
      for (const r of body) {
        const text = r.textContent.toLowerCase();
        r.style.display = words.every(w => text.includes(w)) ? '' : 'none';
      }
    });
    table.parentNode.insertBefore(filter, table);
    [...head.cells].forEach((th, column) => {
      th.style.cursor = 'pointer';
      th.title = 'sort';
      th.addEventListener('click', () => {
        const down = th.dataset.order !== 'up';
        for (const other of head.cells) delete other.dataset.order;
        th.dataset.order = down ? 'up' : 'down';
        const sorted = body.slice().sort((x, y) => {
          const a = key(x.cells[column] || x), b = key(y.cells[column] || y);
          if (a === null || b === null) return compare(a, b);  // empty cells last either way
          return down ? compare(a, b) : -compare(a, b);
        });
        for (const r of sorted) r.parentNode.appendChild(r);
      });
    });
    table.dataset.ready = '1';
  }
})();
)js";

}  // namespace robometrics::bench
