// Draws every <figure class="tchart"> of the report with uPlot (inlined before this script). The
// figure holds its data as JSON (report::TimeChart); ranges, labels and merged event bands are
// decided in C++, this script only draws them and handles zooming.
(function () {
  'use strict';
  var groups = {};  // group name -> charts that share their time axis
  // Every chart drawn, for a reader's console and the headless-browser test.
  var all = window.robometricsCharts = [];
  var syncing = false;

  // Event bands behind the lines; their labels above them, in up to three lanes so that no two
  // labels overlap (a label without room is left out here: the key under the chart lists it).
  function drawBands(u, bands, labels) {
    var ctx = u.ctx, top = u.bbox.top, height = u.bbox.height, dpr = window.devicePixelRatio || 1;
    var lanes = [-Infinity, -Infinity, -Infinity];
    ctx.save();
    ctx.beginPath();
    ctx.rect(u.bbox.left, top, u.bbox.width, height);
    ctx.clip();
    ctx.font = Math.round(11 * dpr) + 'px Helvetica, Arial, sans-serif';
    ctx.textBaseline = 'top';
    ctx.textAlign = 'left';  // uPlot leaves the axes' alignment set
    bands.forEach(function (b) {
      var x0 = u.valToPos(b.t0, 'x', true), x1 = u.valToPos(b.t1, 'x', true);
      if (x1 < u.bbox.left || x0 > u.bbox.left + u.bbox.width) return;
      if (!labels) {
        // A span as a light band, a moment (no end) as a firmer, narrow mark.
        var moment = !(b.t1 > b.t0);
        ctx.globalAlpha = moment ? 0.6 : 0.22;
        ctx.fillStyle = b.color;
        ctx.fillRect(moment ? x0 - dpr : x0, top, Math.max(2 * dpr, x1 - x0), height);
        ctx.globalAlpha = 1;
        return;
      }
      var x = Math.max(x0, u.bbox.left) + 2 * dpr, w = ctx.measureText(b.label).width + 6 * dpr;
      for (var i = 0; i < lanes.length; i++) {
        if (lanes[i] <= x) {
          lanes[i] = x + w;
          ctx.fillStyle = 'rgba(255,255,255,0.75)';
          ctx.fillRect(x - 1, top + 2 * dpr + i * 14 * dpr, w - 4 * dpr, 13 * dpr);
          ctx.fillStyle = b.color;
          ctx.fillText(b.label, x, top + 3 * dpr + i * 14 * dpr);
          break;
        }
      }
    });
    ctx.restore();
  }

  function zoomGroup(group, min, max) {
    (groups[group] || []).forEach(function (u) { u.setScale('x', {min: min, max: max}); });
  }

  // The wheel zooms about the pointer; Shift+drag pans (a plain drag selects a span to zoom to).
  function zoomAndPan(u, group) {
    var over = u.over;
    over.addEventListener('wheel', function (e) {
      e.preventDefault();
      var x = u.posToVal(e.offsetX, 'x'), min = u.scales.x.min, max = u.scales.x.max;
      var f = e.deltaY < 0 ? 0.8 : 1.25;
      zoomGroup(group, x - (x - min) * f, x + (max - x) * f);
    }, {passive: false});
    over.addEventListener('mousedown', function (e) {
      if (!e.shiftKey) return;
      e.stopPropagation();
      e.preventDefault();
      var startX = e.clientX, min = u.scales.x.min, max = u.scales.x.max;
      var perPx = (max - min) / u.bbox.width * (window.devicePixelRatio || 1);
      function move(m) {
        var d = (m.clientX - startX) * perPx;
        zoomGroup(group, min - d, max - d);
      }
      function up() {
        document.removeEventListener('mousemove', move);
        document.removeEventListener('mouseup', up);
      }
      document.addEventListener('mousemove', move);
      document.addEventListener('mouseup', up);
    }, true);
  }

  // Under the chart: every band with its colour and span; a click zooms the group to it.
  function bandKey(spec, group, fullRange) {
    var key = document.createElement('div');
    key.className = 'tchart-key';
    spec.bands.forEach(function (b) {
      var item = document.createElement('button');
      item.type = 'button';
      var swatch = document.createElement('span');
      swatch.style.background = b.color;
      item.appendChild(swatch);
      var span = b.t1 > b.t0 ? b.t0.toFixed(1) + '-' + b.t1.toFixed(1) + ' s' : b.t0.toFixed(1) + ' s';
      item.appendChild(document.createTextNode(b.label + ' (' + span + ')'));
      item.title = 'zoom to this span';
      item.addEventListener('click', function () {
        var pad = Math.max((b.t1 - b.t0) * 0.5, (fullRange[1] - fullRange[0]) / 200, 1);
        zoomGroup(group, b.t0 - pad, b.t1 + pad);
      });
      key.appendChild(item);
    });
    return key;
  }

  function build(fig) {
    var spec = JSON.parse(fig.querySelector('script').textContent);
    var title = document.createElement('div');
    title.className = 'tchart-title';
    title.textContent = spec.title;
    fig.appendChild(title);
    if (spec.empty) {
      var empty = document.createElement('div');
      empty.className = 'tchart-empty';
      empty.textContent = spec.empty;
      fig.appendChild(empty);
      return;
    }
    var tables = spec.series.map(function (s) { return s.data; });
    var data = uPlot.join(tables);
    var xs = data[0], fullRange = [xs[0], xs[xs.length - 1]];
    spec.bands.forEach(function (b) {
      fullRange[0] = Math.min(fullRange[0], b.t0);
      fullRange[1] = Math.max(fullRange[1], b.t1);
    });
    var series = [{label: spec.x}];
    spec.series.forEach(function (s) {
      series.push({
        label: s.label, stroke: s.color, width: 1.5, dash: s.dash ? [5, 3] : undefined,
        paths: s.step ? uPlot.paths.stepped({align: 1}) : undefined, points: {show: false}
      });
    });
    var chart = document.createElement('div');
    fig.appendChild(chart);
    var opts = {
      width: Math.max(320, Math.min(fig.clientWidth || 1000, 1100)), height: 260, series: series,
      scales: {
        x: {time: false},
        y: {range: function () { return spec.range; }}
      },
      axes: [{label: spec.x, labelSize: 20}, {label: spec.y, labelSize: 20, size: 60}],
      cursor: {sync: {key: spec.group}, drag: {x: true, y: false}},
      hooks: {
        drawClear: [function (u) { drawBands(u, spec.bands, false); }],
        draw: [function (u) { drawBands(u, spec.bands, true); }],
        setScale: [function (u, key) {
          if (key !== 'x' || syncing) return;
          syncing = true;
          // Only charts not there yet: each follows in its own commit, so this ends.
          var min = u.scales.x.min, max = u.scales.x.max;
          (groups[spec.group] || []).forEach(function (o) {
            if (o !== u && (o.scales.x.min !== min || o.scales.x.max !== max)) o.setScale('x', {min: min, max: max});
          });
          syncing = false;
        }]
      }
    };
    var u = new uPlot(opts, data, chart);
    (groups[spec.group] = groups[spec.group] || []).push(u);
    all.push({chart: u, spec: spec});
    zoomAndPan(u, spec.group);
    u.over.addEventListener('dblclick', function () { zoomGroup(spec.group, fullRange[0], fullRange[1]); });
    if (spec.bands.length) fig.appendChild(bandKey(spec, spec.group, fullRange));
    window.addEventListener('resize', function () {
      u.setSize({width: Math.max(320, Math.min(fig.clientWidth, 1100)), height: 260});
    });
  }

  document.querySelectorAll('figure.tchart').forEach(build);
})();
