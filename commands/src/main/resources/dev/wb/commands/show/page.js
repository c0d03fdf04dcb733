// wb show --html: places the task's events on the timeline and shows one event's whole payload on
// click (docs/SHOW.md). Linear in the events: one layout read, every button built into a
// DocumentFragment per lane, and the payload pretty-printed only when its event is opened. Payload
// text only ever reaches the page through textContent.
(function () {
  'use strict';
  var root = document.documentElement;
  var MARK = 12, GAP = 2, ROWS = 4, ROW_HEIGHT = 16, TICK_SPACING = 330;
  var events = [];
  var index = [];
  var selected = null;

  function text(tag, className, value) {
    var el = document.createElement(tag);
    if (className) {
      el.className = className;
    }
    el.textContent = value;
    return el;
  }

  function render() {
    var data = document.getElementById('wb-events');
    var timeline = document.getElementById('timeline');
    if (!data || !timeline) {
      return;
    }
    events = JSON.parse(data.textContent);
    var tracks = {};
    var lanes = timeline.querySelectorAll('.lane');
    for (var l = 0; l < lanes.length; l++) {
      tracks[lanes[l].getAttribute('data-lane')] = lanes[l].querySelector('.track');
    }
    var axis = timeline.querySelector('.axis .track');
    var width = Math.max(axis.clientWidth, 300); // the one layout read, before any write
    var min = Infinity, max = -Infinity, i;
    for (i = 0; i < events.length; i++) {
      if (events[i].ms < min) { min = events[i].ms; }
      if (events[i].ms > max) { max = events[i].ms; }
    }
    var span = max > min ? max - min : 1;
    var usable = width - 3 * MARK; // a little room on the right for events offset at the end
    var rows = {}, used = {}, frags = {}, extent = 0;
    for (i = 0; i < events.length; i++) {
      var ev = events[i];
      index[ev.n] = i;
      var lane = tracks[ev.lane] ? ev.lane : 'other';
      var right = rows[lane] || (rows[lane] = [-1e9, -1e9, -1e9, -1e9]);
      var x = Math.round((ev.ms - min) / span * usable);
      var row = -1, r;
      for (r = 0; r < ROWS; r++) {
        if (right[r] <= x) { row = r; break; }
      }
      if (row < 0) { // every row is taken here: offset to the right of the row that ends first
        row = 0;
        for (r = 1; r < ROWS; r++) {
          if (right[r] < right[row]) { row = r; }
        }
        x = right[row];
      }
      right[row] = x + MARK + GAP;
      used[lane] = Math.max(used[lane] || 1, row + 1);
      if (right[row] > extent) { extent = right[row]; }
      // A span with role=button lays out faster than a <button>: 10,000 of them must render in well under 2 s.
      var b = document.createElement('span');
      b.setAttribute('role', 'button');
      b.tabIndex = 0;
      b.className = 'ev tone-' + ev.tone;
      b.setAttribute('data-event', String(ev.n));
      b.setAttribute('data-type', ev.type);
      b.setAttribute('aria-pressed', 'false');
      b.title = '#' + ev.n + ' ' + ev.type + ' ' + ev.time;
      b.style.cssText = 'left:' + x + 'px;top:' + (row * ROW_HEIGHT) + 'px';
      (frags[lane] || (frags[lane] = document.createDocumentFragment())).appendChild(b);
    }
    for (var name in tracks) {
      if (Object.prototype.hasOwnProperty.call(tracks, name)) {
        var track = tracks[name];
        if (frags[name]) { track.appendChild(frags[name]); }
        track.style.height = ((used[name] || 1) * ROW_HEIGHT + 2) + 'px';
        if (extent > width) { // offsets ran past the axis: every lane scrolls with it
          track.style.minWidth = extent + 'px';
        }
      }
    }
    if (extent > width) {
      axis.style.minWidth = extent + 'px';
    }
    var ticks = document.createDocumentFragment();
    var count = events.length > 1 && max > min ? Math.max(2, Math.floor(usable / TICK_SPACING) + 1) : 1;
    for (var t = 0; t < count; t++) {
      var at = count === 1 ? min : min + span * t / (count - 1);
      var tick = text('span', 'tick', isFinite(at) ? new Date(at).toISOString().replace('.000Z', 'Z') : '');
      tick.style.left = Math.round(count === 1 ? 0 : usable * t / (count - 1)) + 'px';
      if (t > 0 && t === count - 1) {
        tick.className = 'tick last'; // its mark on the right, its words to the left of it
      }
      ticks.appendChild(tick);
    }
    axis.appendChild(ticks);
  }

  function row(dl, name, value, className) {
    dl.appendChild(text('dt', '', name));
    dl.appendChild(text('dd', className, value));
  }

  function show(n, focus) {
    var at = index[n];
    if (at === undefined) {
      return;
    }
    var ev = events[at];
    var button = document.querySelector('#timeline [data-event="' + ev.n + '"]');
    if (selected) {
      selected.classList.remove('selected');
      selected.setAttribute('aria-pressed', 'false');
    }
    selected = button;
    if (button) {
      button.classList.add('selected');
      button.setAttribute('aria-pressed', 'true');
      if (focus) {
        button.scrollIntoView({block: 'nearest', inline: 'center'});
        button.focus({preventScroll: true});
      }
    }
    var detail = document.getElementById('event-detail');
    var heading = document.createElement('h3');
    heading.appendChild(text('span', 'type', ev.type));
    heading.appendChild(document.createTextNode(' #'));
    heading.appendChild(text('span', 'number', String(ev.n)));
    var dl = document.createElement('dl');
    row(dl, 'number', String(ev.n), 'number');
    row(dl, 'type', ev.type, 'type');
    row(dl, 'hash', ev.hash, 'hash');
    row(dl, 'time', ev.time, 'time');
    row(dl, 'actor', ev.actor, 'actor');
    row(dl, 'replica', ev.replica, 'replica');
    var payload = text('pre', 'payload', JSON.stringify(ev.payload, null, 2));
    detail.replaceChildren(heading, dl, payload);
    detail.setAttribute('data-shown', String(ev.n));
  }

  function wire() {
    document.addEventListener('keydown', function (e) {
      if ((e.key === 'Enter' || e.key === ' ') && e.target.classList && e.target.classList.contains('ev')) {
        e.preventDefault();
        show(Number(e.target.getAttribute('data-event')), false);
      }
    });
    document.addEventListener('click', function (e) {
      var target = e.target.closest ? e.target.closest('[data-event],[data-show-event]') : null;
      if (!target) {
        return;
      }
      if (target.hasAttribute('data-show-event')) {
        show(Number(target.getAttribute('data-show-event')), true);
      } else if (target.classList.contains('ev')) {
        show(Number(target.getAttribute('data-event')), false);
      }
    });
  }

  try {
    render();
    wire();
    root.dataset.wbReady = '1';
  } catch (e) {
    root.dataset.wbError = String(e && e.message ? e.message : e);
    throw e;
  }
})();
