// The playground page: a small sheet-like grid over the emulator's spreadsheet. All add-on logic
// runs on the server in the real dist/Code.js; this page only renders state and sends input.
(function () {
  'use strict';
  const $ = (id) => document.getElementById(id);
  const PAGE = 200;
  let state = null;
  let activeSheet = null;
  let offset = 0;
  let selected = { row: 1, col: 1 };
  /** The selected range, from `selected` to the cell shift-clicked (as in Sheets): what Data > Sort range sorts. */
  let selectedTo = null;
  /** What the grid and charts were last drawn from: the sidebar reloads the page's state after every
   * server call (a progress poll each second during a pull), and most leave the sheet as it was. */
  let drawnFrom = null;
  /** The tab being renamed (its old name), or null: while set, re-renders leave the tabs alone. */
  let renaming = null;
  /** The load a tab click started: what is typed meanwhile belongs to the clicked sheet, not the one
   * still drawn, so Enter waits for it. */
  let switching = Promise.resolve();
  /** What the user is typing in the formula bar, or null: a re-render meanwhile (a poll, a tab's load)
   * keeps it instead of showing the selected cell's content over it. */
  let draft = null;
  /** Loads answer out of order (a big sheet's state arrives after a small one's asked later): each is
   * numbered, and one begun before the last drawn, or before a write of the page's own, is not drawn,
   * or it would take the user back to the sheet they left or hide the value they just typed. */
  let loadsBegun = 0;
  let loadsOutdated = 0;

  function showSheet(name) {
    offset = 0;
    switching = load(name).catch((error) => toast(error.message));
  }

  async function api(path, body) {
    const response = await fetch(path, body === undefined ? {} : {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const data = await response.json();
    if (!response.ok) throw new Error(data.error || 'The playground server failed.');
    return data;
  }

  function columnName(n) {
    let s = '';
    for (; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
    return s;
  }

  /** `select`: the user clicked a tab. Otherwise the spreadsheet's active sheet is shown, as in Sheets
   * (a pull, "Show report status" or a new sheet moves it). */
  async function load(select) {
    const query = new URLSearchParams({ offset: String(offset) });
    if (select) query.set('sheet', select);
    const number = ++loadsBegun;
    // For a walk that must read the sheet as the server holds it now (playground-driver.ts, showNow).
    document.body.dataset.loadsBegun = String(number);
    const answer = await api('/api/state?' + query.toString());
    if (number <= loadsOutdated) {
      // The server hands each toast and alert over once.
      announce(answer);
      return;
    }
    loadsOutdated = number;
    state = answer;
    if (state.active !== activeSheet) offset = select ? offset : 0;
    activeSheet = state.active;
    render();
    document.body.dataset.loadsDrawn = String(number);
  }

  /** After a write of the page's own: the loads begun before it would draw the sheet without it. */
  function outdateLoads() {
    loadsOutdated = loadsBegun;
  }

  function render() {
    $('docName').textContent = state.docName;
    $('clock').textContent = state.clock;
    $('demoId').textContent = state.demo.clientId;
    $('demoSecret').textContent = state.demo.clientSecret;
    $('apiMode').textContent = state.demo.mode;
    renderMenu();
    // Rebuilding thousands of cells and the charts is most of the page's work: only when they change.
    const drawing = JSON.stringify([offset, state.sheet, state.charts]);
    if (drawing !== drawnFrom) {
      renderGrid();
      renderCharts();
      drawnFrom = drawing;
    }
    renderTabs();
    renderWarehouse();
    renderSidebar();
    renderOutbox();
    announce(state);
    showSelection();
  }

  function announce(view) {
    for (const message of view.toasts) toast(message);
    for (const message of view.alerts) window.alert(message);
  }

  // The outbox: every e-mail the add-on sent, newest first, as its recipient would read it. The
  // badge counts those that came since the panel was last open.
  let outboxDrawn = null;
  let outboxRead = null;

  function renderOutbox() {
    const mails = state.outbox || [];
    const panel = $('outbox');
    if (outboxRead === null || !panel.hidden) outboxRead = mails.length;
    const unread = mails.length - outboxRead;
    $('outboxCount').hidden = unread <= 0;
    $('outboxCount').textContent = String(unread);
    const drawing = JSON.stringify(mails);
    if (drawing === outboxDrawn) return;
    outboxDrawn = drawing;
    const list = $('outboxList');
    if (!mails.length) {
      const empty = document.createElement('div');
      empty.className = 'outbox-empty';
      empty.textContent = 'No e-mail yet. An alert that fires e-mails its maker; so does a failed scheduled refresh, when asked to.';
      list.replaceChildren(empty);
      return;
    }
    list.replaceChildren(...mails.map(mailView));
  }

  function mailView(mail) {
    const box = document.createElement('article');
    box.className = 'mail';
    box.dataset.test = 'mail';
    const line = (className, text) => {
      const div = document.createElement('div');
      div.className = className;
      div.textContent = text;
      return div;
    };
    const from = mail.name ? `${mail.name} <${mail.from}>` : mail.from;
    const body = document.createElement('div');
    body.className = 'mail-body';
    // Addresses become links, as a mail reader shows them; the rest stays text.
    for (const part of mail.body.split(/(https?:\/\/[^\s]+)/)) {
      if (/^https?:\/\//.test(part)) {
        const a = document.createElement('a');
        a.href = part;
        a.textContent = part;
        a.target = '_blank';
        a.rel = 'noopener noreferrer';
        body.append(a);
      } else body.append(part);
    }
    box.append(
      line('mail-subject', mail.subject),
      line('mail-meta', `From: ${from}`),
      line('mail-meta', `To: ${mail.to}`),
      line('mail-meta', `Sent: ${mail.sent}`),
      body,
    );
    return box;
  }

  function setOutboxOpen(open) {
    $('outbox').hidden = !open;
    $('outboxButton').setAttribute('aria-expanded', String(open));
    if (state) renderOutbox();
  }

  /** What the menu and the tabs were last built from: they are rebuilt only when that changes, since
   * a button replaced between press and release (a poll redraws the page each second during a pull)
   * never gets its click. */
  let menuDrawn = null;
  let tabsDrawn = null;

  function renderMenu() {
    const drawing = JSON.stringify(state.menu);
    if (drawing === menuDrawn) return;
    menuDrawn = drawing;
    const box = $('extensionsMenu');
    box.replaceChildren();
    if (!state.menu) {
      const empty = document.createElement('div');
      empty.className = 'title';
      empty.textContent = 'No add-on menu';
      box.append(empty);
      return;
    }
    const title = document.createElement('div');
    title.className = 'title';
    title.textContent = state.menu.title;
    box.append(title);
    for (const item of state.menu.items) {
      if (!item) {
        box.append(document.createElement('hr'));
        continue;
      }
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = item.label;
      button.dataset.handler = item.handler;
      button.addEventListener('click', () => {
        box.hidden = true;
        runMenu(item.handler);
      });
      box.append(button);
    }
  }

  /** The grid as drawn: its shape (offset, columns, rows, frozen rows) and each row's cells. */
  let gridShape = null;
  let gridRows = [];

  function fillCell(td, cell) {
    td.textContent = cell ? cell.v : '';
    td.style.borderRightColor = '';
    const classes = [];
    if (cell && cell.num) classes.push('num');
    if (cell && cell.b) classes.push('bold');
    if (cell && cell.e) classes.push('error');
    if (cell && cell.f) classes.push('formula');
    if (cell && cell.n) classes.push('has-note');
    td.className = classes.join(' ');
    const tip = cell ? [cell.e, cell.n].filter(Boolean).join('\n\n') : '';
    if (tip) td.title = tip;
    else td.removeAttribute('title');
  }

  const isEmpty = (cell) => !cell || ((cell.v === '' || cell.v === null || cell.v === undefined) && !cell.f);

  /**
   * As in Sheets, a text runs on over the empty cells to its right, up to the first that holds
   * something (numbers never do): the dashboard's note, a status sheet's long error. Measured once
   * the row is laid out, and only for text that has an empty cell beside it.
   */
  function spillText(tr, cells, cols) {
    for (let c = 1; c < cols; c++) {
      const cell = cells[c - 1];
      if (isEmpty(cell) || cell.num || !isEmpty(cells[c])) continue;
      let last = c + 1;
      while (last < cols && isEmpty(cells[last])) last++;
      const td = tr.cells[c];
      if (td.scrollWidth <= td.clientWidth) continue;
      const end = tr.cells[last];
      const span = document.createElement('span');
      span.className = 'spill-text';
      span.textContent = td.textContent;
      span.style.maxWidth = Math.max(0, end.offsetLeft + end.offsetWidth - td.offsetLeft - 8) + 'px';
      td.replaceChildren(span);
      td.classList.add('spill');
      // No gridline through the text, as in Sheets: the cells it runs over lose their left edges.
      const textEnd = td.offsetLeft + 4 + span.offsetWidth;
      for (let k = c; k < last && tr.cells[k].offsetLeft + tr.cells[k].offsetWidth < textEnd; k++) {
        tr.cells[k].style.borderRightColor = 'transparent';
      }
    }
  }

  function renderGrid() {
    const table = $('grid');
    const sheet = state.sheet;
    // An empty sheet looks like one: all of its columns (26 by default) and a screenful of rows.
    const cols = Math.min(sheet.maxCols, Math.max(sheet.cols + 2, 26));
    const shown = Math.max(sheet.window.length, Math.min(PAGE, sheet.maxRows - offset, Math.max(sheet.rows + 20, sheet.chartRows + 2, 100) - offset));
    const shape = [offset, cols, shown, sheet.frozenRows].join();
    const rowsNow = [];
    for (let r = 0; r < shown; r++) rowsNow.push(JSON.stringify(sheet.window[r] || []));
    if (shape === gridShape) {
      // The same grid with other values (a typed cell, a pull, another tab): only the rows that
      // changed are redrawn. Rebuilding all of a 200-row window made the browser lay out and paint
      // it all again, most of the page's work.
      for (let r = 0; r < shown; r++) {
        if (rowsNow[r] === gridRows[r]) continue;
        const cells = sheet.window[r] || [];
        const tr = table.rows[r + 1];
        for (let c = 1; c <= cols; c++) fillCell(tr.cells[c], cells[c - 1] || null);
        spillText(tr, cells, cols);
      }
    } else {
      const head = document.createElement('tr');
      const corner = document.createElement('th');
      corner.className = 'row-head corner';
      head.append(corner);
      for (let c = 1; c <= cols; c++) {
        const th = document.createElement('th');
        th.textContent = columnName(c);
        th.dataset.headerCol = String(c);
        head.append(th);
      }
      const rows = [head];
      for (let r = 0; r < shown; r++) {
        const rowNumber = offset + r + 1;
        const tr = document.createElement('tr');
        if (rowNumber <= sheet.frozenRows) tr.className = 'frozen';
        const th = document.createElement('th');
        th.className = 'row-head';
        th.textContent = String(rowNumber);
        th.dataset.headerRow = String(rowNumber);
        tr.append(th);
        const cells = sheet.window[r] || [];
        for (let c = 1; c <= cols; c++) {
          const td = document.createElement('td');
          td.dataset.row = String(rowNumber);
          td.dataset.col = String(c);
          const cell = cells[c - 1] || null;
          if (cell) fillCell(td, cell);
          tr.append(td);
        }
        rows.push(tr);
      }
      table.replaceChildren(...rows);
      for (let r = 0; r < shown; r++) spillText(rows[r + 1], sheet.window[r] || [], cols);
      gridShape = shape;
    }
    gridRows = rowsNow;
    const pager = $('pager');
    pager.replaceChildren();
    if (sheet.rows > PAGE) {
      pager.append(`Rows ${offset + 1}–${Math.min(offset + PAGE, sheet.rows)} of ${sheet.rows.toLocaleString()}`);
      if (offset > 0) pager.append(pageButton('Previous', offset - PAGE));
      if (offset + PAGE < sheet.rows) pager.append(pageButton('Next', offset + PAGE));
    }
  }

  // Embedded charts, drawn over the grid at their anchor cell with Chart.js (loaded only by this
  // page, from node_modules through the playground server); table charts as plain tables.
  const drawn = [];
  const COLORS = ['#1a73e8', '#e8710a', '#188038', '#d93025', '#9334e6', '#12b5cb', '#f9ab00'];

  function renderCharts() {
    while (drawn.length) drawn.pop().destroy();
    for (const old of document.querySelectorAll('.chart-box')) old.remove();
    for (const chart of state.charts || []) {
      const anchor = document.querySelector(`#grid td[data-row="${chart.row}"][data-col="${chart.col}"]`);
      if (!anchor) continue;
      const table = $('grid');
      const box = document.createElement('div');
      box.className = 'chart-box';
      box.dataset.chart = chart.type;
      box.style.left = table.offsetLeft + anchor.offsetLeft + 'px';
      box.style.top = table.offsetTop + anchor.offsetTop + 'px';
      box.style.width = chart.width + 'px';
      box.style.height = chart.height + 'px';
      $('gridWrap').append(box);
      if (chart.type === 'TABLE') {
        box.append(tableChart(chart));
        continue;
      }
      const canvas = document.createElement('canvas');
      box.append(canvas);
      if (!window.Chart) {
        box.textContent = chart.title + ' (the charting library did not load)';
        continue;
      }
      const [domain, ...series] = chart.columns;
      const pie = chart.type === 'PIE';
      drawn.push(new window.Chart(canvas, {
        type: chart.type === 'LINE' ? 'line' : pie ? 'pie' : 'bar',
        data: {
          labels: domain ? domain.values : [],
          datasets: series.map((s, i) => ({
            label: s.header,
            data: s.values.map((v) => (typeof v === 'number' ? v : null)),
            backgroundColor: pie ? COLORS : COLORS[i % COLORS.length],
            borderColor: pie ? '#fff' : COLORS[i % COLORS.length],
            yAxisID: chart.type === 'LINE' && i > 0 ? 'y1' : 'y',
            pointRadius: 0,
          })),
        },
        options: {
          animation: false,
          responsive: true,
          maintainAspectRatio: false,
          plugins: { title: { display: true, text: chart.title }, legend: { position: 'bottom' } },
          scales: pie ? {} : chart.type === 'LINE' && series.length > 1
            ? { y: { position: 'left' }, y1: { position: 'right', grid: { drawOnChartArea: false } } }
            : { y: { beginAtZero: true } },
        },
      }));
    }
  }

  function tableChart(chart) {
    const wrap = document.createElement('div');
    wrap.className = 'table-chart';
    const title = document.createElement('div');
    title.className = 'chart-title';
    title.textContent = chart.title;
    const table = document.createElement('table');
    const head = document.createElement('tr');
    for (const c of chart.columns) {
      const th = document.createElement('th');
      th.textContent = c.header;
      head.append(th);
    }
    table.append(head);
    const rows = chart.columns.length ? chart.columns[0].values.length : 0;
    for (let r = 0; r < rows; r++) {
      const tr = document.createElement('tr');
      for (const c of chart.columns) {
        const td = document.createElement('td');
        const v = c.values[r];
        td.textContent = typeof v === 'number' ? v.toLocaleString('en-US', { maximumFractionDigits: 2 }) : String(v);
        if (typeof v === 'number') td.className = 'num';
        tr.append(td);
      }
      table.append(tr);
    }
    wrap.append(title, table);
    return wrap;
  }

  function pageButton(label, to) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = label;
    b.addEventListener('click', () => {
      offset = Math.max(0, to);
      load();
    });
    return b;
  }

  /** The emulated BigQuery's tables and their newest rows; text only (textContent). */
  let warehouseDrawn = '';
  function renderWarehouse() {
    const tables = state.warehouse || [];
    const drawing = JSON.stringify(tables);
    if (drawing === warehouseDrawn) return;
    warehouseDrawn = drawing;
    const box = $('warehouse');
    box.hidden = tables.length === 0;
    $('warehouseSummary').textContent = `BigQuery (emulated): ${tables.length} table${tables.length === 1 ? '' : 's'}`;
    const list = $('warehouseTables');
    list.replaceChildren();
    for (const t of tables) {
      const title = document.createElement('h3');
      title.textContent = `${t.name}: ${t.rows.toLocaleString('en-US')} rows${t.partitionedBy ? `, partitioned by ${t.partitionedBy}` : ''}${t.expires ? `, expires ${t.expires}` : ''}`;
      const table = document.createElement('table');
      table.className = 'warehouse-rows';
      table.dataset.table = t.name;
      const head = document.createElement('tr');
      for (const c of t.columns) {
        const th = document.createElement('th');
        th.textContent = c;
        head.append(th);
      }
      table.append(head);
      for (const r of t.sample) {
        const tr = document.createElement('tr');
        for (const v of r) {
          const td = document.createElement('td');
          td.textContent = v;
          tr.append(td);
        }
        table.append(tr);
      }
      list.append(title, table);
    }
  }

  function renderTabs() {
    // A tab being renamed keeps its input (a poll or the sidebar may re-render meanwhile).
    const drawing = JSON.stringify([state.sheets, activeSheet]);
    if (renaming || drawing === tabsDrawn) return;
    tabsDrawn = drawing;
    const tabs = $('tabs');
    tabs.replaceChildren();
    for (const name of state.sheets) {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = name;
      b.dataset.sheet = name;
      if (name === activeSheet) b.className = 'active';
      b.addEventListener('click', () => showSheet(name));
      tabs.append(b);
    }
    const add = document.createElement('button');
    add.type = 'button';
    add.textContent = '+';
    add.title = 'Add sheet';
    add.addEventListener('click', async () => {
      const name = window.prompt('Sheet name');
      if (!name) return;
      await guarded(api('/api/sheet', { name }));
      showSheet(name);
    });
    tabs.append(add);
  }

  function renderSidebar() {
    const aside = $('sidebar');
    const frame = $('sidebarFrame');
    if (!state.sidebar) {
      aside.hidden = true;
      frame.removeAttribute('src');
      return;
    }
    $('sidebarTitle').textContent = state.sidebar.title;
    if (aside.hidden || frame.dataset.version !== String(state.sidebar.version)) {
      frame.dataset.version = String(state.sidebar.version);
      frame.src = '/sidebar?v=' + state.sidebar.version;
    }
    aside.hidden = false;
  }

  function cellAt(row, col) {
    const r = state.sheet.window[row - offset - 1];
    return (r && r[col - 1]) || null;
  }

  function showSelection() {
    for (const td of document.querySelectorAll('td.selected, td.in-range')) td.classList.remove('selected', 'in-range');
    const range = selectedRange();
    if (range.rows > 1 || range.cols > 1) {
      for (const td of document.querySelectorAll('#grid td')) {
        const r = Number(td.dataset.row);
        const c = Number(td.dataset.col);
        if (r >= range.row && r < range.row + range.rows && c >= range.col && c < range.col + range.cols) td.classList.add('in-range');
      }
    }
    const td = document.querySelector(`td[data-row="${selected.row}"][data-col="${selected.col}"]`);
    if (td) td.classList.add('selected');
    $('nameBox').textContent = rangeName(range);
    const cell = cellAt(selected.row, selected.col);
    if (draft === null) $('formulaInput').value = cell ? cell.f || cell.raw || '' : '';
  }

  async function guarded(promise) {
    try {
      return await promise;
    } catch (error) {
      toast(error.message);
      return null;
    }
  }

  // A menu item whose handler asks a question (Ui.prompt): the server answers with the add-on's own
  // title and text; the page asks them and runs the item again with what was typed.
  async function runMenu(handler, answer) {
    const ran = await guarded(api('/api/menu', answer === undefined ? { handler } : { handler, answer }));
    if (ran && ran.ask) {
      const typed = window.prompt(ran.ask.title ? ran.ask.title + '\n\n' + ran.ask.prompt : ran.ask.prompt, '');
      if (typed !== null) return runMenu(handler, typed);
    }
    await load();
  }

  /** Sheets shows one toast at a time: a new one replaces the last. Returns a remover. */
  function toast(message, ms) {
    const box = $('toasts');
    box.replaceChildren();
    const t = document.createElement('div');
    t.className = 'toast';
    t.textContent = message;
    box.append(t);
    const remove = () => t.remove();
    setTimeout(remove, ms || 5000);
    return remove;
  }

  $('grid').addEventListener('click', (event) => {
    const td = event.target.closest('td');
    if (!td) return;
    const cell = { row: Number(td.dataset.row), col: Number(td.dataset.col) };
    if (event.shiftKey) selectedTo = cell;
    else {
      selected = cell;
      selectedTo = null;
    }
    draft = null;
    showSelection();
  });

  // A shift-click extends the selection, as in Sheets, instead of selecting the page's text.
  $('grid').addEventListener('mousedown', (event) => {
    if (event.shiftKey) event.preventDefault();
  });

  /** The selected range as a rect (one cell when nothing was shift-clicked). */
  function selectedRange() {
    const to = selectedTo || selected;
    const row = Math.min(selected.row, to.row);
    const col = Math.min(selected.col, to.col);
    return { row, col, rows: Math.abs(selected.row - to.row) + 1, cols: Math.abs(selected.col - to.col) + 1 };
  }

  function rangeName(r) {
    const first = columnName(r.col) + r.row;
    return r.rows === 1 && r.cols === 1 ? first : first + ':' + columnName(r.col + r.cols - 1) + (r.row + r.rows - 1);
  }
  $('grid').addEventListener('dblclick', () => $('formulaInput').focus());

  // Right-click menus as in Sheets: a row or column header inserts or deletes that line; a tab renames.
  function showContextMenu(event, items) {
    event.preventDefault();
    const box = $('contextMenu');
    box.replaceChildren();
    for (const [label, action] of items) {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = label;
      b.addEventListener('click', () => {
        hideContextMenu();
        action();
      });
      box.append(b);
    }
    box.hidden = false;
    // Kept inside the window, as a menu near the right or bottom edge opens leftwards or upwards.
    box.style.left = Math.min(event.clientX, window.innerWidth - box.offsetWidth - 4) + 'px';
    box.style.top = Math.min(event.clientY, window.innerHeight - box.offsetHeight - 4) + 'px';
  }

  function hideContextMenu() {
    $('contextMenu').hidden = true;
    for (const th of document.querySelectorAll('#grid th.picked')) th.classList.remove('picked');
  }

  async function changeLines(dimension, action, index) {
    await guarded(api('/api/sheet/lines', { sheet: activeSheet, dimension, action, index }));
    outdateLoads();
    await load();
  }

  async function sortRange(range, column, ascending) {
    await guarded(api('/api/sheet/sort', { sheet: activeSheet, range, column, ascending }));
    outdateLoads();
    await load();
  }

  $('grid').addEventListener('contextmenu', (event) => {
    const cell = event.target.closest('td');
    if (cell) {
      // A cell's menu: Data > Sort range, by the column right-clicked, over the selected range.
      const at = { row: Number(cell.dataset.row), col: Number(cell.dataset.col) };
      let range = selectedRange();
      const inside = at.row >= range.row && at.row < range.row + range.rows && at.col >= range.col && at.col < range.col + range.cols;
      if (!inside) {
        selected = at;
        selectedTo = null;
        draft = null;
        range = selectedRange();
        showSelection();
      }
      hideContextMenu();
      const by = columnName(at.col);
      showContextMenu(event, [
        [`Data > Sort range ${rangeName(range)} by column ${by} (A to Z)`, () => sortRange(range, at.col, true)],
        [`Data > Sort range ${rangeName(range)} by column ${by} (Z to A)`, () => sortRange(range, at.col, false)],
      ]);
      return;
    }
    const th = event.target.closest('th');
    if (!th || th.classList.contains('corner')) return;
    hideContextMenu();
    th.classList.add('picked');
    if (th.dataset.headerRow) {
      const row = Number(th.dataset.headerRow);
      showContextMenu(event, [
        ['Insert 1 row above', () => changeLines('row', 'above', row)],
        ['Insert 1 row below', () => changeLines('row', 'below', row)],
        ['Delete row', () => changeLines('row', 'delete', row)],
        [`View > Freeze > Up to row ${row}`, () => changeLines('row', 'freeze', row)],
        ['View > Freeze > No rows', () => changeLines('row', 'unfreeze', row)],
      ]);
    } else {
      const col = Number(th.dataset.headerCol);
      showContextMenu(event, [
        ['Insert 1 column left', () => changeLines('column', 'left', col)],
        ['Insert 1 column right', () => changeLines('column', 'right', col)],
        ['Delete column', () => changeLines('column', 'delete', col)],
      ]);
    }
  });
  document.addEventListener('click', (event) => {
    if (!event.target.closest('#contextMenu')) hideContextMenu();
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') hideContextMenu();
  });

  function startRename(old) {
    // Looked up now: a re-render since the click may have replaced the tab.
    const tab = document.querySelector(`#tabs button[data-sheet="${CSS.escape(old)}"]`);
    if (renaming || !tab) return;
    renaming = old;
    const input = document.createElement('input');
    input.className = 'tab-rename';
    input.value = old;
    input.setAttribute('aria-label', 'Sheet name');
    tab.replaceWith(input);
    input.focus();
    input.select();
    let busy = false;
    // `retry`: a refused name (empty, taken) leaves the input open for another try.
    const finish = async (commit, retry) => {
      if (busy || renaming !== old) return;
      const name = input.value;
      if (commit && name !== old) {
        busy = true;
        const ok = await guarded(api('/api/sheet/rename', { sheet: old, name }));
        busy = false;
        if (!ok && retry) {
          input.focus();
          return;
        }
        if (ok && activeSheet === old) activeSheet = name.trim();
      }
      renaming = null;
      // Its input goes back to a tab even when no name changed.
      tabsDrawn = null;
      await load();
    };
    input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') finish(true, true);
      if (event.key === 'Escape') finish(false);
    });
    // Clicking elsewhere keeps what was typed, as Sheets does.
    input.addEventListener('blur', () => finish(true, false));
  }

  $('tabs').addEventListener('dblclick', (event) => {
    const tab = event.target.closest('button[data-sheet]');
    if (tab) startRename(tab.dataset.sheet);
  });
  $('tabs').addEventListener('contextmenu', (event) => {
    const tab = event.target.closest('button[data-sheet]');
    if (!tab || renaming) return;
    hideContextMenu();
    showContextMenu(event, [['Rename', () => startRename(tab.dataset.sheet)]]);
  });
  $('formulaInput').addEventListener('input', (event) => {
    draft = event.target.value;
  });
  $('formulaInput').addEventListener('keydown', async (event) => {
    if (event.key === 'Escape') {
      draft = null;
      showSelection();
    }
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const input = event.target.value;
    draft = null;
    const target = { ...selected };
    await switching;
    const done = input.startsWith('=') ? toast('Calculating…', 60000) : () => {};
    await guarded(api('/api/cell', { sheet: activeSheet, row: target.row, col: target.col, input }));
    done();
    selected = { row: target.row + 1, col: target.col };
    outdateLoads();
    await load();
  });
  $('outboxButton').addEventListener('click', () => setOutboxOpen($('outbox').hidden));
  $('closeOutbox').addEventListener('click', () => setOutboxOpen(false));
  $('extensionsButton').addEventListener('click', () => {
    $('extensionsMenu').hidden = !$('extensionsMenu').hidden;
  });
  $('closeSidebar').addEventListener('click', async () => {
    await guarded(api('/api/sidebar/close', {}));
    load();
  });
  $('advanceHour').addEventListener('click', async () => {
    await guarded(api('/api/clock', { advanceMs: 3600 * 1000 }));
    load();
  });
  $('runDue').addEventListener('click', async () => {
    await guarded(api('/api/clock', { advanceMs: 0 }));
    load();
  });
  $('reset').addEventListener('click', async () => {
    if (!window.confirm('Reset the playground? Every sheet, setting and saved report is forgotten.')) return;
    offset = 0;
    await guarded(api('/api/reset', {}));
    load();
  });
  // The sidebar (an iframe) tells us when a server call may have changed the sheet.
  window.addEventListener('message', (event) => {
    if (event.data === 'creator-reporting:changed') load();
    if (event.data === 'creator-reporting:close') api('/api/sidebar/close', {}).then(load);
  });
  load().catch((error) => toast(error.message));
})();
