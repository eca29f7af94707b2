// The graph page: a small graph comes laid out (its SVG in #graph); a large one is
// laid out here from the picture's DOT with Graphviz in a worker (so it never freezes
// the page). Then pan, zoom, a confidence filter and the location of a clicked node.
// Reads only the data inlined in the page.
(() => {
  'use strict';
  const data = JSON.parse(document.getElementById('cairn-data').textContent);
  const nodes = new Map(data.picture.nodes.map((n) => [n.id, n]));
  const edges = new Map(data.picture.edges.map((e) => [e.id, e]));
  const $ = (id) => document.getElementById(id);
  const status = $('status');

  const WORKER = `self.onmessage = (message) => {
    Viz.instance()
      .then((viz) => self.postMessage({ svg: viz.renderString(message.data, { format: 'svg', engine: 'dot' }) }))
      .catch((error) => self.postMessage({ error: String((error && error.message) || error) }));
  };`;

  function layOutInPage(dot) {
    document.body.dataset.layout = 'page';
    return Viz.instance().then((viz) => viz.renderString(dot, { format: 'svg', engine: 'dot' }));
  }

  function layOut(dot) {
    let worker;
    try {
      const source = new Blob([$('viz-library').textContent, '\n', WORKER], { type: 'text/javascript' });
      worker = new Worker(URL.createObjectURL(source));
    } catch (error) {
      return layOutInPage(dot);
    }
    return new Promise((resolve, reject) => {
      worker.onmessage = (message) => {
        worker.terminate();
        document.body.dataset.layout = 'worker';
        if (message.data.error) reject(new Error(message.data.error));
        else resolve(message.data.svg);
      };
      worker.onerror = (event) => {
        event.preventDefault();
        worker.terminate();
        layOutInPage(dot).then(resolve, reject);
      };
      worker.postMessage(dot);
    });
  }

  const started = performance.now();
  const drawn = $('graph').querySelector('svg');
  if (drawn) show(drawn, 'cairn');
  else
    layOut(data.dot)
      .then((svgText) => {
        const parsed = new DOMParser().parseFromString(svgText, 'image/svg+xml').documentElement;
        const svg = document.importNode(parsed, true);
        $('graph').appendChild(svg);
        show(svg, document.body.dataset.layout);
      })
      .catch((error) => {
        status.textContent = `layout failed: ${error.message}`;
        document.body.dataset.state = 'failed';
      });

  function show(svg, by) {
    document.body.dataset.layout = by;
    svg.removeAttribute('width');
    svg.removeAttribute('height');
    svg.setAttribute('preserveAspectRatio', 'xMidYMid meet');
    // Graphviz's tooltips become <title> elements; the details panel says more.
    const whole = svg.viewBox.baseVal;
    const home = { x: whole.x, y: whole.y, w: whole.width, h: whole.height };
    let view = { ...home };
    const apply = () => svg.setAttribute('viewBox', `${view.x} ${view.y} ${view.w} ${view.h}`);

    const toGraph = (clientX, clientY) => {
      const point = svg.createSVGPoint();
      point.x = clientX;
      point.y = clientY;
      return point.matrixTransform(svg.getScreenCTM().inverse());
    };
    const zoom = (factor, clientX, clientY) => {
      const box = svg.getBoundingClientRect();
      const at = toGraph(clientX ?? box.left + box.width / 2, clientY ?? box.top + box.height / 2);
      const w = Math.min(Math.max(view.w * factor, home.w / 200), home.w * 4);
      const k = w / view.w;
      view = { x: at.x - (at.x - view.x) * k, y: at.y - (at.y - view.y) * k, w: view.w * k, h: view.h * k };
      apply();
    };
    svg.addEventListener('wheel', (event) => {
      event.preventDefault();
      zoom(event.deltaY > 0 ? 1.25 : 0.8, event.clientX, event.clientY);
    }, { passive: false });

    let drag = null;
    svg.addEventListener('pointerdown', (event) => {
      drag = { x: event.clientX, y: event.clientY, view: { ...view }, moved: false };
    });
    svg.addEventListener('pointermove', (event) => {
      if (!drag) return;
      const dx = event.clientX - drag.x;
      const dy = event.clientY - drag.y;
      if (!drag.moved && Math.hypot(dx, dy) < 4) return;
      if (!drag.moved) svg.setPointerCapture(event.pointerId);
      drag.moved = true;
      const scale = 1 / svg.getScreenCTM().a;
      view = { ...drag.view, x: drag.view.x - dx * scale, y: drag.view.y - dy * scale };
      apply();
    });
    svg.addEventListener('pointerup', (event) => {
      const moved = drag && drag.moved;
      drag = null;
      if (moved) return;
      const target = event.target.closest && event.target.closest('g.node');
      if (target) select(target);
    });
    $('zoom-in').addEventListener('click', () => zoom(0.8));
    $('zoom-out').addEventListener('click', () => zoom(1.25));
    $('fit').addEventListener('click', () => {
      view = { ...home };
      apply();
    });
    document.addEventListener('keydown', (event) => {
      if (event.target instanceof HTMLInputElement) return;
      if (event.key === '+' || event.key === '=') zoom(0.8);
      else if (event.key === '-') zoom(1.25);
      else if (event.key === '0') $('fit').click();
    });

    let selected = null;
    function select(element) {
      const node = nodes.get(element.id);
      if (!node) return;
      if (selected) selected.classList.remove('selected');
      selected = element;
      element.classList.add('selected');
      const where = node.file === undefined ? 'no file: not a symbol of the graph' : node.line === undefined ? node.file : `${node.file}:${node.line}`;
      $('location').textContent = where;
      const facts = [
        ['name', node.label],
        ['id', node.symbol],
        ['kind', node.kind],
        ['confidence', node.confidence],
        ['about', node.note],
        ['test', node.test ? 'yes' : undefined],
      ];
      const list = $('facts');
      list.replaceChildren();
      for (const [term, value] of facts) {
        if (value === undefined || value === null || value === '') continue;
        const dt = document.createElement('dt');
        dt.textContent = term;
        const dd = document.createElement('dd');
        dd.textContent = String(value);
        list.append(dt, dd);
      }
      // A group node opens into its members: each call site, where it is and who makes it.
      const members = $('members');
      members.replaceChildren();
      for (const member of node.members || []) {
        const item = document.createElement('li');
        item.textContent = `${member.label} at ${member.file}:${member.line} (in ${member.from})`;
        members.append(item);
      }
    }

    const nodeElements = [...svg.querySelectorAll('g.node')];
    const edgeElements = [...svg.querySelectorAll('g.edge')];
    const symbolRoles = new Set(['root', 'changed', 'symbol']);
    const total = data.picture.nodes.filter((n) => symbolRoles.has(n.role)).length;
    function filter(threshold) {
      const hidden = new Set();
      for (const element of nodeElements) {
        const node = nodes.get(element.id);
        if (node && node.role !== 'root' && node.confidence !== undefined && node.confidence < threshold) hidden.add(element.id);
      }
      const touching = new Map();
      for (const element of edgeElements) {
        const edge = edges.get(element.id);
        if (!edge) continue;
        const off = (edge.confidence !== null && edge.confidence < threshold) || hidden.has(edge.from) || hidden.has(edge.to);
        element.classList.toggle('filtered', off);
        for (const end of [edge.from, edge.to]) {
          const seen = touching.get(end) || { shown: 0 };
          if (!off) seen.shown += 1;
          touching.set(end, seen);
        }
      }
      // A node that is not a symbol (an unresolved call, a frontier) goes with its last shown edge.
      for (const element of nodeElements) {
        const node = nodes.get(element.id);
        if (node && !symbolRoles.has(node.role) && touching.has(element.id) && touching.get(element.id).shown === 0) hidden.add(element.id);
        element.classList.toggle('filtered', hidden.has(element.id));
      }
      const shown = data.picture.nodes.filter((n) => symbolRoles.has(n.role) && !hidden.has(n.id)).length;
      $('min-confidence-value').textContent = String(threshold);
      status.textContent = `showing ${shown} of ${total} symbols`;
    }
    $('min-confidence').addEventListener('input', (event) => filter(Number(event.target.value)));

    filter(Number($('min-confidence').value));
    if (by !== 'cairn') status.textContent += `; laid out in ${Math.round(performance.now() - started)} ms`;
    document.body.dataset.state = 'ready';
  }
})();
