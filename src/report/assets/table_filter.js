
'use strict';
(() => {
  const collator = new Intl.Collator(undefined, {numeric: true});
  const textOf = (row, column) => (row.cells[column] ? row.cells[column].textContent : '');
  const button = (text) => {
    const element = document.createElement('button');
    element.type = 'button';
    element.textContent = text;
    return element;
  };
  for (const table of document.querySelectorAll('table[data-filter]')) {
    const body = table.tBodies[0];
    const head = table.tHead;
    if (!body || !head || head.rows.length === 0 || body.rows.length === 0) continue;
    const rows = Array.from(body.rows);
    const noun = table.getAttribute('data-filter') || 'rows';
    const bar = document.createElement('div');
    bar.className = 'filters';
    const filters = [];
    const headers = head.rows[head.rows.length - 1].cells;
    for (let column = 0; column < headers.length; column++) {
      const name = headers[column].getAttribute('data-filter');
      if (name === null) continue;
      const counts = new Map();
      for (const row of rows) {
        const text = textOf(row, column);
        counts.set(text, (counts.get(text) || 0) + 1);
      }
      const values = Array.from(counts.keys()).sort(collator.compare);
      const select = document.createElement('select');
      select.name = name;
      select.add(new Option('all (' + rows.length + ')', ''));
      for (const value of values) {
        select.add(new Option((value === '' ? '(empty)' : value) + ' (' + counts.get(value) + ')', value));
      }
      const label = document.createElement('label');
      label.append(headers[column].textContent + ' ', select);
      bar.append(label);
      filters.push({column, select, values});
    }
    const reset = button('show all');
    const status = document.createElement('span');
    status.className = 'filter-count';
    status.setAttribute('role', 'status');
    // Shows the rows that match every select.
    const apply = () => {
      const matches = rows.filter((row) => filters.every(({column, select, values}) =>
        select.selectedIndex <= 0 || textOf(row, column) === values[select.selectedIndex - 1]));
      const shown = new Set(matches);
      for (const row of rows) row.hidden = !shown.has(row);
      status.setAttribute('data-matched', String(matches.length));
      status.textContent = matches.length + ' of ' + rows.length + ' ' + noun + ' shown';
    };
    reset.addEventListener('click', () => {
      for (const filter of filters) filter.select.selectedIndex = 0;
      apply();
    });
    bar.addEventListener('change', apply);
    if (filters.length > 0) bar.append(reset);
    bar.append(status);
    (table.closest('.table-wrap') || table).before(bar);
    apply();
    table.setAttribute('data-filter-ready', '');
  }
})();
