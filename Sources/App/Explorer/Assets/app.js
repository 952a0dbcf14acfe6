// Kitchen's GraphQL explorer: an editor with highlighting and completion, variables and
// headers panes, the response, and a documentation browser built from introspection.
// Written for Kitchen; no third-party code, nothing loaded from anywhere but this server.
//
// A tokenizer colours the editor; completion walks the braces before the cursor to find
// the type whose fields (or the field whose arguments) to offer; the documentation shows
// descriptions as Markdown (markdown.js) and each field's cost hints, read from the
// schema's SDL (cost.js). `?type=TEXT&run=1` types and runs a query, and `?docs=Type`
// opens the documentation at a type: how the browser tests drive the page.
(function () {
  'use strict';
  var endpoint = '/graphql';
  var $ = function (id) { return document.getElementById(id); };
  var body = document.body;
  var query = $('query'), highlight = $('highlight'), popup = $('completions');
  var variables = $('variables'), headers = $('headers'), response = $('response');
  var status = $('status'), docsBody = $('docs-body'), docsSearch = $('docs-search');
  var schema = null, types = {}, fetchFailures = 0, offered = {};
  var completion = { items: [], index: 0, start: 0 };
  var keywords = { query: 1, mutation: 1, subscription: 1, fragment: 1, on: 1, 'true': 1, 'false': 1, 'null': 1 };

  // ---- Failed requests: fetch failures plus any resource that did not load.
  function countFailures() {
    var failed = fetchFailures;
    performance.getEntriesByType('resource').forEach(function (entry) {
      if (typeof entry.responseStatus === 'number' && entry.responseStatus >= 400) failed += 1;
    });
    if (getComputedStyle(document.documentElement).getPropertyValue('--loaded').trim() !== '1') failed += 1;
    body.dataset.failedRequests = String(failed);
    return failed;
  }

  // ---- Tokens: a small GraphQL lexer, tolerant of unfinished input.
  function tokenize(src) {
    var tokens = [], i = 0, n = src.length, m;
    function push(kind, start, end) { tokens.push({ kind: kind, start: start, end: end, text: src.slice(start, end) }); }
    while (i < n) {
      var c = src[i], j;
      if (c === '#') { j = src.indexOf('\n', i); if (j < 0) j = n; push('comment', i, j); i = j; continue; }
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === ',') {
        j = i + 1; while (j < n && /[\s,]/.test(src[j])) j++; push('space', i, j); i = j; continue;
      }
      if (src.substr(i, 3) === '"""') {
        j = i + 3;
        while (j < n && !(src.substr(j, 3) === '"""' && src[j - 1] !== '\\')) j++;
        j = Math.min(n, j + 3); push('string', i, j); i = j; continue;
      }
      if (c === '"') {
        j = i + 1;
        while (j < n && src[j] !== '"' && src[j] !== '\n') { if (src[j] === '\\') j++; j++; }
        if (j < n && src[j] === '"') j++;
        push('string', i, Math.min(j, n)); i = Math.min(j, n); continue;
      }
      if ((m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(i, i + 256)))) { push('name', i, i + m[0].length); i += m[0].length; continue; }
      if ((m = /^[$@][A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(i, i + 256)))) {
        push(c === '$' ? 'variable' : 'directive', i, i + m[0].length); i += m[0].length; continue;
      }
      if ((m = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(src.slice(i, i + 64)))) { push('number', i, i + m[0].length); i += m[0].length; continue; }
      if (src.substr(i, 3) === '...') { push('punct', i, i + 3); i += 3; continue; }
      push('punct', i, i + 1); i += 1;
    }
    return tokens;
  }

  function escapeHTML(text) {
    return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  }

  // The class of each token for colouring: keywords, types after `on` or `:` in variable
  // definitions, argument names, fields.
  function classify(tokens) {
    var previous = null, parenDepth = 0, braceDepth = 0, classes = [];
    tokens.forEach(function (token, index) {
      var kind = token.kind;
      if (kind === 'name') {
        var next = null;
        for (var k = index + 1; k < tokens.length; k++) if (tokens[k].kind !== 'space' && tokens[k].kind !== 'comment') { next = tokens[k]; break; }
        if (previous && previous.text === 'on') kind = 'type';
        else if (previous && previous.text === ':' && parenDepth > 0 && braceDepth === 0) kind = 'type';
        else if (previous && (previous.text === '[' || previous.text === ':') && parenDepth > 0 && braceDepth === 0) kind = 'type';
        else if (keywords[token.text] && (braceDepth === 0 || token.text === 'on' || parenDepth > 0)) kind = 'keyword';
        else if (parenDepth > 0 && next && next.text === ':') kind = 'argument';
        else if (parenDepth > 0 && keywords[token.text]) kind = 'keyword';
        else kind = 'name';
      }
      if (token.text === '(') parenDepth++;
      if (token.text === ')') parenDepth = Math.max(0, parenDepth - 1);
      if (token.text === '{' && parenDepth === 0) braceDepth++;
      if (token.text === '}' && parenDepth === 0) braceDepth = Math.max(0, braceDepth - 1);
      classes.push(kind);
      if (token.kind !== 'space' && token.kind !== 'comment') previous = token;
    });
    return classes;
  }

  function render() {
    var text = query.value, tokens = tokenize(text), classes = classify(tokens), html = '';
    tokens.forEach(function (token, index) {
      var escaped = escapeHTML(token.text);
      html += token.kind === 'space' ? escaped : '<span class="t-' + classes[index] + '">' + escaped + '</span>';
    });
    highlight.innerHTML = html + '\n';
    highlight.scrollTop = query.scrollTop;
  }

  // ---- Types from introspection.
  function named(ref) { while (ref && ref.ofType) ref = ref.ofType; return ref ? ref.name : null; }
  function typeString(ref) {
    if (!ref) return '';
    if (ref.kind === 'NON_NULL') return typeString(ref.ofType) + '!';
    if (ref.kind === 'LIST') return '[' + typeString(ref.ofType) + ']';
    return ref.name;
  }
  function fieldOf(typeName, fieldName) {
    var type = types[typeName];
    if (!type || !type.fields) return null;
    for (var i = 0; i < type.fields.length; i++) if (type.fields[i].name === fieldName) return type.fields[i];
    return null;
  }

  // What the cursor is in: a selection set of some type, or the arguments of a field.
  function contextAt(text, position) {
    var tokens = tokenize(text.slice(0, position)).filter(function (t) { return t.kind !== 'space' && t.kind !== 'comment'; });
    var stack = [], pending = null, lastField = null, parens = [], previous = null, fragmentNext = false;
    tokens.forEach(function (token) {
      var t = token.text;
      if (parens.length > 0) {
        if (t === '(') parens.push(null);
        else if (t === ')') parens.pop();
        else if (t === '{' || t === '[') parens.push(null);
        else if (t === '}' || t === ']') parens.pop();
        previous = token;
        return;
      }
      if (token.kind === 'name') {
        if (stack.length === 0 && (t === 'query' || t === 'mutation' || t === 'subscription') && schema) {
          var root = schema[t + 'Type'];
          pending = root ? root.name : null;
        } else if (previous && previous.text === 'on') {
          pending = t;
        } else if (stack.length > 0 && !(previous && previous.text === '...') && t !== 'on') {
          lastField = t;
        }
      } else if (t === '(') {
        parens.push(stack.length > 0 && lastField ? { type: stack[stack.length - 1], field: lastField } : null);
      } else if (t === '{') {
        var type = null;
        if (pending) type = pending;
        else if (stack.length === 0) type = schema && schema.queryType ? schema.queryType.name : null;
        else if (lastField) { var field = fieldOf(stack[stack.length - 1], lastField); type = field ? named(field.type) : null; }
        stack.push(type); pending = null; lastField = null;
      } else if (t === '}') {
        stack.pop(); lastField = null;
      }
      previous = token;
    });
    if (parens.length > 0) {
      var inner = parens[0];
      if (parens.length === 1 && inner && !(previous && previous.text === ':')) return { kind: 'argument', type: inner.type, field: inner.field };
      return null;
    }
    if (previous && (previous.text === '...' || previous.text === 'on')) return null;
    if (stack.length > 0 && stack[stack.length - 1]) return { kind: 'field', type: stack[stack.length - 1] };
    return null;
  }

  function suggestions(context, prefix) {
    var items = [];
    if (context.kind === 'field') {
      var type = types[context.type];
      (type && type.fields || []).forEach(function (f) { items.push({ label: f.name, detail: typeString(f.type), insert: f.name }); });
      items.push({ label: '__typename', detail: 'String!', insert: '__typename' });
    } else {
      var field = fieldOf(context.type, context.field);
      (field && field.args || []).forEach(function (a) { items.push({ label: a.name, detail: typeString(a.type), insert: a.name + ': ' }); });
    }
    var lower = prefix.toLowerCase();
    return items.filter(function (item) { return item.label.toLowerCase().indexOf(lower) === 0 && item.label !== prefix; });
  }

  function updateCompletions() {
    var position = query.selectionStart, text = query.value, start = position;
    while (start > 0 && /[A-Za-z0-9_]/.test(text[start - 1])) start--;
    var prefix = text.slice(start, position);
    var context = schema && query.selectionStart === query.selectionEnd ? contextAt(text, start) : null;
    var items = context && (prefix.length > 0 || context.kind === 'argument' && text[start - 1] === '(') ? suggestions(context, prefix) : [];
    completion = { items: items.slice(0, 50), index: 0, start: start };
    if (completion.items.length === 0) { popup.hidden = true; return; }
    completion.items.forEach(function (item) { offered[item.label] = 1; });
    body.dataset.offered = Object.keys(offered).slice(0, 200).join(' ');
    drawCompletions();
    placePopup(start);
  }

  function drawCompletions() {
    popup.innerHTML = '';
    completion.items.forEach(function (item, index) {
      var li = document.createElement('li');
      if (index === completion.index) li.className = 'selected';
      var label = document.createElement('span'); label.textContent = item.label;
      var detail = document.createElement('span'); detail.className = 'detail'; detail.textContent = item.detail;
      li.appendChild(label); li.appendChild(detail);
      li.addEventListener('mousedown', function (event) { event.preventDefault(); completion.index = index; accept(); });
      popup.appendChild(li);
    });
    popup.hidden = false;
    var selected = popup.children[completion.index];
    if (selected && selected.scrollIntoView) selected.scrollIntoView({ block: 'nearest' });
  }

  // Puts the popup under the word: measures a marker in a copy of the text up to it.
  function placePopup(start) {
    var probe = document.createElement('pre');
    probe.className = 'highlight';
    probe.style.visibility = 'hidden';
    probe.textContent = query.value.slice(0, start);
    var marker = document.createElement('span'); marker.textContent = '\u200b';
    probe.appendChild(marker);
    $('editor').appendChild(probe);
    var top = marker.offsetTop - query.scrollTop + marker.offsetHeight + 2, left = marker.offsetLeft;
    $('editor').removeChild(probe);
    popup.style.top = top + 'px';
    popup.style.left = Math.min(left, $('editor').clientWidth - 240) + 'px';
  }

  function accept() {
    var item = completion.items[completion.index];
    if (!item) return;
    var text = query.value, end = query.selectionStart;
    query.value = text.slice(0, completion.start) + item.insert + text.slice(end);
    var caret = completion.start + item.insert.length;
    query.setSelectionRange(caret, caret);
    popup.hidden = true;
    render(); save();
  }

  function insertText(text) {
    var start = query.selectionStart, end = query.selectionEnd, value = query.value;
    query.value = value.slice(0, start) + text + value.slice(end);
    query.setSelectionRange(start + text.length, start + text.length);
    render(); save();
  }

  query.addEventListener('keydown', function (event) {
    if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') { event.preventDefault(); run(); return; }
    if (!popup.hidden) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        var count = completion.items.length;
        completion.index = (completion.index + (event.key === 'ArrowDown' ? 1 : count - 1)) % count;
        drawCompletions(); return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') { event.preventDefault(); accept(); return; }
      if (event.key === 'Escape') { popup.hidden = true; return; }
    }
    if (event.key === 'Tab') { event.preventDefault(); insertText('  '); return; }
    if (event.key === 'Enter') {
      var before = query.value.slice(0, query.selectionStart);
      var indent = /(^|\n)([ \t]*)[^\n]*$/.exec(before)[2];
      if (/\{\s*$/.test(before)) indent += '  ';
      event.preventDefault(); insertText('\n' + indent);
    }
  });
  query.addEventListener('input', function () { render(); updateCompletions(); save(); });
  query.addEventListener('scroll', function () { highlight.scrollTop = query.scrollTop; });
  query.addEventListener('blur', function () { popup.hidden = true; });
  query.addEventListener('click', function () { popup.hidden = true; });

  // ---- Running a request.
  function parseJSONPane(pane, name) {
    var text = pane.value.trim();
    if (!text) return {};
    var value = JSON.parse(text);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error(name + ' must be a JSON object');
    return value;
  }

  function post(payload, extraHeaders) {
    var requestHeaders = { 'Content-Type': 'application/json', 'Accept': 'application/graphql-response+json, application/json', 'X-Kitchen-CSRF': '1' };
    Object.keys(extraHeaders || {}).forEach(function (key) { requestHeaders[key] = String(extraHeaders[key]); });
    return fetch(endpoint, { method: 'POST', headers: requestHeaders, body: JSON.stringify(payload) });
  }

  function run() {
    var vars, extra;
    try { vars = parseJSONPane(variables, 'Variables'); extra = parseJSONPane(headers, 'Headers'); }
    catch (error) { response.textContent = String(error.message || error); return; }
    var operationName = null, names = /(?:query|mutation|subscription)\s+([A-Za-z_][A-Za-z0-9_]*)/g, match, found = [];
    while ((match = names.exec(query.value))) found.push(match[1]);
    var started = performance.now();
    body.dataset.state = 'running';
    status.textContent = 'Running…';
    var payload = { query: query.value, variables: vars };
    if (found.length > 1) { operationName = found[0]; payload.operationName = operationName; }
    post(payload, extra).then(function (reply) {
      var id = reply.headers.get('X-Request-Id');
      return reply.text().then(function (text) {
        var ms = Math.round(performance.now() - started);
        status.textContent = reply.status + ' · ' + ms + ' ms' + (id ? ' · ' + id : '');
        showResponse(text);
        body.dataset.state = 'done';
        countFailures();
      });
    }).catch(function (error) {
      fetchFailures += 1; countFailures();
      response.textContent = 'The request failed: ' + error;
      body.dataset.state = 'failed';
    });
  }

  function showResponse(text) {
    var pretty = text;
    try { pretty = JSON.stringify(JSON.parse(text), null, 2); } catch (error) { response.textContent = text; return; }
    response.innerHTML = escapeHTML(pretty).replace(/("(?:[^"\\]|\\.)*")(\s*:)?|\b(true|false|null)\b|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g,
      function (all, string, colon, literal) {
        if (string) return colon ? '<span class="r-key">' + string + '</span>' + colon : '<span class="r-string">' + string + '</span>';
        if (literal) return '<span class="r-literal">' + literal + '</span>';
        return '<span class="r-number">' + all + '</span>';
      });
  }

  // Re-indents the document by brace depth.
  function tidy() {
    var depth = 0, lines = query.value.split('\n').map(function (line) {
      var trimmed = line.trim();
      var opens = (trimmed.match(/[{(]/g) || []).length, closes = (trimmed.match(/[})]/g) || []).length;
      if (/^[})]/.test(trimmed)) depth = Math.max(0, depth - 1);
      var out = trimmed ? new Array(depth + 1).join('  ') + trimmed : '';
      depth = Math.max(0, depth + opens - closes + (/^[})]/.test(trimmed) ? 1 : 0));
      return out;
    });
    query.value = lines.join('\n'); render(); save();
  }

  // ---- Documentation browser (docs.js).
  var docs = KitchenDocs.browser(docsBody);
  docsSearch.addEventListener('input', function () { docs.search(docsSearch.value.trim()); });
  $('docs-toggle').addEventListener('click', function () { $('docs').hidden = !$('docs').hidden; });

  // ---- Introspection.
  var typeRefFragment = 'kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } } } }';
  var inputValue = 'name description type { ' + typeRefFragment + ' } defaultValue';
  var introspection = '{ __schema { description queryType { name } mutationType { name } subscriptionType { name } ' +
    'types { kind name description specifiedByURL ' +
    'fields(includeDeprecated: true) { name description args { ' + inputValue + ' } type { ' + typeRefFragment + ' } isDeprecated deprecationReason } ' +
    'inputFields { ' + inputValue + ' } interfaces { name } enumValues(includeDeprecated: true) { name description isDeprecated deprecationReason } ' +
    'possibleTypes { name } } } }';

  // The cost directives the schema applies, from its SDL (introspection leaves them out);
  // without them the documentation simply shows no cost hints.
  function loadCostHints() {
    return fetch('/schema.graphql').then(function (reply) {
      if (!reply.ok) throw new Error('no SDL');
      return reply.text();
    }).then(function (sdl) { return KitchenCost.read(sdl, tokenize); }).catch(function () { return {}; });
  }

  function loadSchema() {
    var extra = {};
    try { extra = parseJSONPane(headers, 'Headers'); } catch (error) { extra = {}; }
    var hints = loadCostHints();
    return post({ query: introspection }, extra).then(function (reply) { return reply.json(); }).then(function (result) {
      if (!result.data || !result.data.__schema) throw new Error((result.errors && result.errors[0] && result.errors[0].message) || 'no schema');
      schema = result.data.__schema;
      types = {};
      schema.types.forEach(function (type) { types[type.name] = type; });
      return hints;
    }).then(function (costHints) {
      docs.show(schema, types, costHints, params.get('docs'));
    });
  }

  // ---- Panes, storage, start.
  Array.prototype.forEach.call(document.querySelectorAll('.tab'), function (tab) {
    tab.addEventListener('click', function () {
      Array.prototype.forEach.call(document.querySelectorAll('.tab'), function (other) { other.classList.toggle('active', other === tab); });
      variables.hidden = tab.dataset.tab !== 'variables';
      headers.hidden = tab.dataset.tab !== 'headers';
    });
  });
  function save() {
    try {
      localStorage.setItem('kitchen.query', query.value);
      localStorage.setItem('kitchen.variables', variables.value);
      sessionStorage.setItem('kitchen.headers', headers.value);
    } catch (error) { /* storage may be off */ }
  }
  variables.addEventListener('input', save);
  headers.addEventListener('input', save);
  $('run').addEventListener('click', run);
  $('prettify').addEventListener('click', tidy);

  var welcome = '# Welcome to Kitchen. Type a query; Ctrl+Enter runs it.\n' +
    '# Completion offers the fields and arguments of the type under the cursor;\n' +
    '# the Docs column lists every type. Sign in with the signIn mutation and put\n' +
    '# {"Authorization": "Bearer <token>"} in Headers to act as a user.\n' +
    '{\n  recipes(first: 3) {\n    nodes {\n      name\n      author {\n        name\n      }\n    }\n  }\n}\n';
  var params = new URLSearchParams(location.search);
  var stored = null;
  try { stored = localStorage.getItem('kitchen.query'); } catch (error) { stored = null; }
  query.value = params.get('query') || stored || welcome;
  try {
    variables.value = params.get('variables') || localStorage.getItem('kitchen.variables') || '';
    headers.value = sessionStorage.getItem('kitchen.headers') || '';
  } catch (error) { /* storage may be off */ }
  render();

  // `?type=TEXT&run=1` types TEXT key by key (through the same input handling as a person's
  // typing, completion included) and runs it: how the browser test drives the page.
  function typeSlowly(text, done) {
    query.value = ''; query.focus(); render();
    var index = 0;
    (function step() {
      if (index >= text.length) { popup.hidden = true; done(); return; }
      var position = query.selectionStart;
      query.value = query.value.slice(0, position) + text[index] + query.value.slice(query.selectionEnd);
      query.setSelectionRange(position + 1, position + 1);
      query.dispatchEvent(new Event('input'));
      index += 1;
      setTimeout(step, 0);
    })();
  }

  loadSchema().then(function () {
    body.dataset.state = 'ready';
    countFailures();
    var typed = params.get('type');
    if (typed) typeSlowly(typed, function () { if (params.get('run')) run(); });
    else if (params.get('run')) run();
  }).catch(function (error) {
    fetchFailures += 1; countFailures();
    body.dataset.state = 'failed';
    response.textContent = 'Could not load the schema: ' + error.message;
  });
})();
