
'use strict';
(() => {
  const SIZES = [100, 500, 1000];
  const AMOUNTS = new Set(['expected', 'actual', 'overpaid', 'underpaid', 'money_moved']);
  const collator = new Intl.Collator('en', {numeric: true});
  const make = (tag, text) => {
    const made = document.createElement(tag);
    if (text !== undefined) made.textContent = text;
    return made;
  };
  const button = (text) => {
    const made = make('button', text);
    made.type = 'button';
    return made;
  };
  const labelled = (text, control) => {
    const label = make('label', text + ' ');
    label.append(control);
    return label;
  };
  const thousands = (n) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  // Log text as the rest of the page shows it (html.h): control characters and noncharacters
  // as escapes.
  const printable = (text) => text.replace(/[\p{Cc}\p{Noncharacter_Code_Point}]/gu, (c) => {
    if (c === '\n') return '\\n';
    if (c === '\r') return '\\r';
    if (c === '\t') return '\\t';
    const code = c.codePointAt(0);
    return code < 0x80 ? '\\x' + code.toString(16).padStart(2, '0')
        : '\\u' + code.toString(16).toUpperCase().padStart(4, '0');
  });
  // Integers beyond 2^53 (money at the limits of int64) are read exactly, as BigInt: their digits
  // are looked up in the text by the number they parse to. A reviver with the source text would
  // do it too, but slows the parsing of a large report by half; it serves only where two such
  // integers parse to the same number.
  const parse = (text) => {
    const data = JSON.parse(text);
    const digits = new Map();
    let clash = false;
    for (const [, token] of text.matchAll(/[:,[](-?[0-9]{16,})(?=[,\]}])/g)) {
      const value = Number(token);
      if (Number.isSafeInteger(value)) continue;
      clash = clash || (digits.has(value) && digits.get(value) !== token);
      digits.set(value, token);
    }
    if (digits.size === 0) return data;
    if (clash) {
      return JSON.parse(text, (key, value, context) =>
        (typeof value === 'number' && !Number.isSafeInteger(value) && context && /^-?[0-9]+$/.test(context.source)
          ? BigInt(context.source) : value));
    }
    const exact = (node) => {
      if (node === null || typeof node !== 'object') return node;
      for (const key of Object.keys(node)) {
        const value = node[key];
        if (typeof value === 'number') {
          if (!Number.isSafeInteger(value) && digits.has(value)) node[key] = BigInt(digits.get(value));
        } else if (value !== null && typeof value === 'object') {
          exact(value);
        }
      }
      return node;
    };
    return exact(data);
  };
  const resolve = (data, path) => path.split('.').reduce((node, key) =>
    (node !== null && typeof node === 'object' && Object.hasOwn(node, key) ? node[key] : undefined), data);
  // An array, or the compact array that stands for it (html.h).
  const expand = (value) => {
    if (Array.isArray(value)) return value;
    if (value === null || typeof value !== 'object' || value.compact !== 1) return [];
    const {rows, keys, values} = value;
    return rows.map((row) => {
      const names = keys[row[0]];
      const item = {};
      for (let j = 0; j < names.length; j++) {
        item[names[j]] = Object.hasOwn(values, names[j]) ? values[names[j]][row[j + 1]] : row[j + 1];
      }
      return item;
    });
  };
  // Minor units in words, as FormatMoney writes them: "USD 1,234.50", "-JPY 500".
  const money = (amount, currency, digits) => {
    const value = BigInt(amount);
    const magnitude = value < 0n ? -value : value;
    const scale = 10n ** BigInt(digits);
    let text = currency + ' ' + thousands(magnitude / scale);
    if (digits > 0) text += '.' + String(magnitude % scale).padStart(digits, '0');
    return (value < 0n ? '-' : '') + text;
  };
  // One consequence named, as money_format.h's ConsequenceText: "round R, event E, card AH
  // (INPUT:LINE)", its unknown parts left out.
  const consequence = (c) => {
    const parts = [];
    if (typeof c.round === 'string' && c.round !== '') parts.push('round ' + c.round);
    if (c.event !== undefined && c.event !== null) parts.push('event ' + c.event);
    if (typeof c.card === 'string' && c.card !== '') parts.push('card ' + c.card);
    let where = c.input === '-' ? 'standard input' : String(c.input);
    if (Number(c.line) > 0) where += ':' + c.line;
    return printable(parts.join(', ') + (where === '' ? '' : (parts.length > 0 ? ' (' : '(') + where + ')'));
  };
  // The facets a view filters by: each finding's value, or values, of each.
  const FACETS = [
    {name: 'code', of: (f) => f.code},
    {name: 'severity', of: (f) => f.severity},
    {name: 'table', of: (f) => f.table, none: '(no table)'},
    {name: 'input', of: (f) => f.input},
    {name: 'day', of: (f) => (typeof f.time === 'string' ? f.time.slice(0, 10) : ''), none: '(no time)'},
    {name: 'reading', none: '(none: a violation under every reading)', of: (f) => {
      const cleared = [];
      for (const by of f.cleared_by || []) {
        for (const reading of by.readings) cleared.push('cleared by ' + by.ambiguity + '=' + reading);
      }
      if (cleared.length > 0) return cleared;
      return Array.isArray(f.reading_dependent) && f.reading_dependent.length > 0 ? f.reading_dependent : '';
    }},
  ];

  const setUp = (view) => {
    const block = document.getElementById(view.getAttribute('data-json'));
    const table = view.querySelector('table.findings');
    const body = table && table.tBodies[0];
    if (!block || !body || !table.tHead) return;
    const findings = expand(resolve(parse(block.textContent), body.getAttribute('data-rows') || ''));
    let digits = {};
    try {
      digits = JSON.parse(view.getAttribute('data-currency-digits') || '{}');
    } catch (error) {
      digits = {};
    }
    const noun = view.getAttribute('data-noun') || 'findings';
    const headers = Array.from(table.tHead.rows[table.tHead.rows.length - 1].cells);
    const keys = headers.map((th) => th.getAttribute('data-key'));
    const n = findings.length;

    // A cell's text, and the figure it stands for where the text is money in words.
    const cellOf = (finding, key) => {
      const value = finding[key];
      if (value === undefined || value === null) return {text: ''};
      if (AMOUNTS.has(key) && typeof finding.currency === 'string' && Object.hasOwn(digits, finding.currency)) {
        return {text: money(value, finding.currency, digits[finding.currency]), value: String(value)};
      }
      if (key === 'cleared_by' && Array.isArray(value)) {
        return {text: value.map((by) => by.readings.map((r) => printable(by.ambiguity + '=' + r)).join(', '))
          .join(', ')};
      }
      if (key === 'consequence_list' && Array.isArray(value)) {
        return {text: value.map(consequence).join('; ')};
      }
      if (Array.isArray(value)) return {text: value.map((v) => printable(String(v))).join(', ')};
      if (typeof value === 'string') return {text: printable(value)};
      return {text: typeof value === 'object' ? JSON.stringify(value) : String(value)};
    };

    // Each facet's values coded by first appearance: a number per finding, or a list of them.
    const facets = FACETS.map((facet) => {
      const index = new Map();
      const codes = new Array(n);
      const code = (value) => {
        const text = value === null || value === undefined ? '' : String(value);
        let at = index.get(text);
        if (at === undefined) {
          at = index.size;
          index.set(text, at);
        }
        return at;
      };
      for (let i = 0; i < n; i++) {
        const value = facet.of(findings[i]);
        codes[i] = Array.isArray(value) ? value.map(code) : code(value);
      }
      const choices = Array.from(index, ([value, at]) => ({value, at}))
        .sort((a, b) => collator.compare(a.value, b.value));
      const select = make('select');
      select.name = facet.name;
      select.add(new Option('all', ''));
      for (const choice of choices) {
        select.add(new Option(choice.value === '' ? facet.none || '(empty)' : printable(choice.value), choice.value));
      }
      return {codes, choices, select, label: labelled(facet.name, select)};
    });
    const has = (codes, i, want) => (typeof codes[i] === 'number' ? codes[i] === want : codes[i].includes(want));

    // Search: a round id finds its round; other text, the findings that show it.
    const search = make('input');
    search.type = 'search';
    search.name = 'search';
    search.placeholder = 'round id or text';
    search.setAttribute('aria-label', 'search the ' + noun + ' by round id or text');
    let rounds = null;
    let haystacks = null;
    const roundsById = () => {
      if (rounds === null) {
        rounds = new Map();
        for (let i = 0; i < n; i++) {
          const round = findings[i].round;
          if (typeof round !== 'string') continue;
          if (!rounds.has(round)) rounds.set(round, new Set());
          rounds.get(round).add(i);
        }
      }
      return rounds;
    };
    const haystack = (i) => {
      if (haystacks === null) haystacks = new Array(n);
      if (haystacks[i] === undefined) {
        haystacks[i] = keys.map((key) => cellOf(findings[i], key).text).join('\n').toLowerCase();
      }
      return haystacks[i];
    };
    const searched = () => {
      const query = search.value.trim();
      if (query === '') return null;
      const round = roundsById().get(query);
      return round ? {round: query, rows: round} : {text: query.toLowerCase()};
    };

    // Sorting: `order` lists every finding in the order chosen; null is the order found.
    let order = null;
    let sortedBy = null;
    let descending = false;
    const sortBy = (key) => {
      descending = sortedBy === key ? !descending : false;
      sortedBy = key;
      const values = new Array(n);
      for (let i = 0; i < n; i++) {
        const value = findings[i][key];
        if (typeof value === 'number' || typeof value === 'bigint') {
          values[i] = Number(value);
        } else {
          const text = value === undefined || value === null ? '' : cellOf(findings[i], key).text;
          // Digits padded, so that T9 comes before T10 by a plain comparison.
          values[i] = text === '' ? null : text.toLowerCase().replace(/\d+/g, (d) => d.padStart(20, '0'));
        }
      }
      const direction = descending ? -1 : 1;
      order = Array.from({length: n}, (_, i) => i).sort((a, b) => {
        const x = values[a];
        const y = values[b];
        if (x === y) return a - b;
        if (x === null) return 1;  // empty cells last either way
        if (y === null) return -1;
        if (typeof x !== typeof y) return (typeof x === 'number' ? -1 : 1) * direction;
        return (x < y ? -1 : 1) * direction;
      });
      for (const th of headers) th.removeAttribute('aria-sort');
      headers[keys.indexOf(key)].setAttribute('aria-sort', descending ? 'descending' : 'ascending');
    };
    headers.forEach((th, column) => {
      if (keys[column] === null) return;
      const sort = button(th.textContent);
      sort.className = 'sort';
      sort.title = 'sort by ' + th.textContent + '; again for the reverse order';
      sort.addEventListener('click', () => {
        sortBy(keys[column]);
        page = 0;
        apply();
      });
      th.replaceChildren(sort);
    });

    // The columns shown: at first those whose header cell the page does not hide (the columns an
    // auditor reads first), then those the reader chooses. A hidden column's cells are made all
    // the same, hidden, so that the columns keep their places (and the stylesheet's rules by place).
    const shown = headers.map((th) => !th.hidden);
    const atFirst = shown.slice();
    const chooser = make('details');
    chooser.className = 'columns';
    const chosen = make('summary');
    const boxes = headers.map((th, column) => {
      const box = make('input');
      box.type = 'checkbox';
      box.name = 'column';
      box.value = keys[column] || '';
      box.checked = shown[column];
      return box;
    });
    const columnList = make('div');
    columnList.className = 'column-list';
    headers.forEach((th, column) => {
      const label = make('label');
      label.append(boxes[column], ' ' + th.textContent);
      columnList.append(label);
    });
    const firstColumns = button('first columns');
    const allColumns = button('all columns');
    firstColumns.setAttribute('data-columns', 'first');
    allColumns.setAttribute('data-columns', 'all');
    columnList.append(firstColumns, allColumns);
    chooser.append(chosen, columnList);
    const showColumns = () => {
      headers.forEach((th, column) => {
        th.hidden = !shown[column];
        boxes[column].checked = shown[column];
      });
      for (const row of body.rows) {
        for (let column = 0; column < row.cells.length; column++) row.cells[column].hidden = !shown[column];
      }
      chosen.textContent = 'columns (' + shown.filter(Boolean).length + ' of ' + headers.length + ' shown)';
    };
    // Not a filter: the bar's change listener (which filters anew) is not told.
    chooser.addEventListener('change', (event) => {
      event.stopPropagation();
      const column = boxes.indexOf(event.target);
      if (column >= 0) shown[column] = event.target.checked;
      showColumns();
    });
    firstColumns.addEventListener('click', () => {
      atFirst.forEach((value, column) => { shown[column] = value; });
      showColumns();
    });
    allColumns.addEventListener('click', () => {
      shown.fill(true);
      showColumns();
    });
    showColumns();

    const reset = button('show all');
    const status = make('span');
    status.className = 'filter-count';
    status.setAttribute('role', 'status');
    const size = make('select');
    size.name = 'page-size';
    for (const rows of SIZES) size.add(new Option(rows + ' a page', String(rows)));
    const pagers = [0, 1].map(() => {
      const pager = {first: button('\u00ab first'), previous: button('\u2039 previous'),
        next: button('next \u203a'), last: button('last \u00bb'), where: make('span')};
      for (const name of ['first', 'previous', 'next', 'last']) pager[name].setAttribute('data-page', name);
      pager.bar = make('div');
      pager.bar.className = 'pager';
      pager.bar.append(pager.first, pager.previous, pager.where, pager.next, pager.last);
      return pager;
    });
    const bar = make('div');
    bar.className = 'filters';
    bar.append(labelled('search', search), ...facets.map((facet) => facet.label), reset, chooser);
    pagers[0].bar.append(labelled('show', size), status);
    const wrap = table.closest('.table-wrap') || table;
    wrap.before(bar, pagers[0].bar);
    wrap.after(pagers[1].bar);

    let matched = [];
    let page = 0;
    // Shows the page of matching findings.
    const render = () => {
      const perPage = Number(size.value);
      const pages = Math.max(1, Math.ceil(matched.length / perPage));
      page = Math.max(0, Math.min(page, pages - 1));
      const first = page * perPage;
      const last = Math.min(first + perPage, matched.length);
      const fragment = document.createDocumentFragment();
      for (let at = first; at < last; at++) {
        const i = matched[at];
        const row = make('tr');
        row.setAttribute('data-index', String(i));
        keys.forEach((key, column) => {
          const cell = make('td');
          cell.hidden = !shown[column];
          if (key !== null) {
            const shown = cellOf(findings[i], key);
            cell.textContent = shown.text;
            if (shown.value !== undefined) cell.setAttribute('data-value', shown.value);
          }
          if (key === 'severity') cell.className = 's-' + findings[i].severity;
          row.append(cell);
        });
        fragment.append(row);
      }
      body.replaceChildren(fragment);
      for (const pager of pagers) {
        pager.bar.classList.toggle('one-page', pages === 1);
        pager.first.disabled = pager.previous.disabled = page === 0;
        pager.next.disabled = pager.last.disabled = page === pages - 1;
        pager.where.textContent = 'page ' + thousands(page + 1) + ' of ' + thousands(pages);
      }
      const range = thousands(first + 1) + '\u2013' + thousands(last) + ' of ';
      const query = searched();
      status.textContent = (query && query.round ? 'round ' + printable(query.round) + ': ' : '') +
          (matched.length === 0 ? 'no ' + noun + ' match (' + thousands(n) + ' in all)'
            : matched.length === n ? range + thousands(n) + ' ' + noun
              : range + thousands(matched.length) + ' matching ' + noun + ' (' + thousands(n) + ' in all)');
      status.setAttribute('data-matched', String(matched.length));
    };
    // Finds the findings that match the search and every select, and counts, for each select's
    // options, those that would match with that option chosen instead.
    const apply = () => {
      const query = searched();
      const chosen = facets.map((facet) =>
        (facet.select.selectedIndex > 0 ? facet.choices[facet.select.selectedIndex - 1].at : -1));
      const counts = facets.map((facet) => new Array(facet.choices.length).fill(0));
      const totals = facets.map(() => 0);
      matched = [];
      const visit = (i) => {
        if (query && !(query.rows ? query.rows.has(i) : haystack(i).includes(query.text))) return;
        let fails = 0;
        let failed = -1;
        for (let f = 0; f < facets.length && fails < 2; f++) {
          if (chosen[f] >= 0 && !has(facets[f].codes, i, chosen[f])) {
            fails++;
            failed = f;
          }
        }
        if (fails > 1) return;
        if (fails === 0) matched.push(i);
        for (let f = 0; f < facets.length; f++) {
          if (fails === 1 && f !== failed) continue;
          totals[f]++;
          const code = facets[f].codes[i];
          if (typeof code === 'number') {
            counts[f][code]++;
          } else {
            for (const c of code) counts[f][c]++;
          }
        }
      };
      if (order === null) {
        for (let i = 0; i < n; i++) visit(i);
      } else {
        for (const i of order) visit(i);
      }
      facets.forEach((facet, f) => {
        const options = facet.select.options;
        options[0].text = 'all (' + thousands(totals[f]) + ')';
        facet.choices.forEach((choice, k) => {
          options[k + 1].text = (choice.value === '' ? facet.none || '(empty)' : printable(choice.value)) +
              ' (' + thousands(counts[f][choice.at]) + ')';
        });
      });
      render();
    };

    let pending = 0;
    const applyNow = () => {
      clearTimeout(pending);
      page = 0;
      apply();
    };
    bar.addEventListener('change', applyNow);
    search.addEventListener('input', () => {
      clearTimeout(pending);
      pending = setTimeout(applyNow, n > 5000 ? 250 : 60);
    });
    reset.addEventListener('click', () => {
      search.value = '';
      for (const facet of facets) facet.select.selectedIndex = 0;
      applyNow();
    });
    size.addEventListener('change', () => {
      page = 0;
      render();
    });
    for (const pager of pagers) {
      const go = (to) => {
        page = to;
        render();
      };
      pager.first.addEventListener('click', () => go(0));
      pager.previous.addEventListener('click', () => go(page - 1));
      pager.next.addEventListener('click', () => go(page + 1));
      pager.last.addEventListener('click', () => go(Infinity));
    }
    apply();
    view.setAttribute('data-ready', '');
    view.setAttribute('data-ready-ms', String(Math.round(performance.now())));
    // Once the browser has laid out and painted the page with its rows: the next frame, then the
    // task after it.
    requestAnimationFrame(() => setTimeout(() =>
      view.setAttribute('data-shown-ms', String(Math.round(performance.now()))), 0));
  };
  for (const view of document.querySelectorAll('.findings-view')) setUp(view);
})();
