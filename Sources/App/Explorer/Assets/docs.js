// The explorer's documentation column: the schema's types from introspection, each with
// its fields, arguments, input fields and values, their descriptions as Markdown
// (markdown.js) and their cost hints (cost.js), and a search over type and field names.
// Written for Kitchen; no third-party code.
(function (global) {
  'use strict';

  // A documentation browser drawn into `container`.
  function browser(container) {
    var schema = null, types = {}, costHints = {};

    function link(name) {
      var a = document.createElement('a'); a.textContent = name;
      a.addEventListener('click', function () { showType(name); });
      return a;
    }
    function typeRef(ref, parent) {
      if (ref.kind === 'NON_NULL') { typeRef(ref.ofType, parent); parent.appendChild(document.createTextNode('!')); return; }
      if (ref.kind === 'LIST') { parent.appendChild(document.createTextNode('[')); typeRef(ref.ofType, parent); parent.appendChild(document.createTextNode(']')); return; }
      parent.appendChild(link(ref.name));
    }
    function element(tag, text, className) {
      var node = document.createElement(tag);
      if (text) node.textContent = text;
      if (className) node.className = className;
      return node;
    }
    // A description as Markdown; a code span naming a type links to its documentation.
    function markdown(text) {
      return KitchenMarkdown.render(text, document, {
        codeLink: function (name) {
          if (!types[name]) return null;
          var a = link(name); a.className = 'code-link';
          var code = document.createElement('code'); code.textContent = name;
          a.textContent = ''; a.appendChild(code);
          return a;
        }
      });
    }
    function describe(parent, item) {
      if (item.description) parent.appendChild(markdown(item.description));
      if (item.isDeprecated) {
        var note = element('div', null, 'deprecated');
        note.appendChild(element('strong', 'Deprecated'));
        if (item.deprecationReason) note.appendChild(markdown(item.deprecationReason));
        parent.appendChild(note);
      }
    }
    // The cost hints of a schema coordinate (`Type.field`), from its @cost and @listSize.
    function costHint(parent, coordinate) {
      var hint = costHints[coordinate];
      if (!hint) return;
      var row = element('div', null, 'cost');
      row.dataset.coordinate = coordinate;
      row.title = KitchenCost.written(hint);
      row.appendChild(element('span', 'cost', 'cost-label'));
      KitchenCost.describe(hint).forEach(function (phrase) { row.appendChild(element('span', phrase, 'cost-phrase')); });
      parent.appendChild(row);
    }
    function fieldRow(field, withArgs, typeName) {
      var row = element('div', null, 'field');
      row.appendChild(document.createTextNode(field.name));
      if (withArgs && field.args && field.args.length) {
        row.appendChild(document.createTextNode('('));
        field.args.forEach(function (arg, index) {
          if (index) row.appendChild(document.createTextNode(', '));
          row.appendChild(document.createTextNode(arg.name + ': ')); typeRef(arg.type, row);
          if (arg.defaultValue != null) row.appendChild(document.createTextNode(' = ' + arg.defaultValue));
        });
        row.appendChild(document.createTextNode(')'));
      }
      if (field.type) { row.appendChild(document.createTextNode(': ')); typeRef(field.type, row); }
      describe(row, field);
      var coordinate = typeName + '.' + field.name;
      costHint(row, coordinate);
      if (withArgs) (field.args || []).forEach(function (arg) {
        var argCoordinate = coordinate + '(' + arg.name + ':)';
        if (!arg.description && !costHints[argCoordinate]) return;
        var about = element('div', null, 'argument');
        about.appendChild(element('code', arg.name));
        if (arg.description) about.appendChild(markdown(arg.description));
        costHint(about, argCoordinate);
        row.appendChild(about);
      });
      return row;
    }
    function showHome() {
      container.innerHTML = '';
      container.appendChild(element('h2', 'Schema'));
      if (schema.description) container.appendChild(markdown(schema.description));
      container.appendChild(element('h3', 'Root types'));
      ['queryType', 'mutationType', 'subscriptionType'].forEach(function (key) {
        if (!schema[key]) return;
        var row = element('div', key.replace('Type', '') + ': ', 'field'); row.appendChild(link(schema[key].name)); container.appendChild(row);
      });
      container.appendChild(element('h3', 'All types'));
      Object.keys(types).sort().forEach(function (name) {
        if (name.indexOf('__') === 0) return;
        var row = element('div', null, 'field'); row.appendChild(link(name));
        row.appendChild(document.createTextNode(' ' + types[name].kind.toLowerCase().replace('_', ' ')));
        container.appendChild(row);
      });
    }
    function showType(name) {
      var type = types[name];
      if (!type) return;
      container.innerHTML = '';
      var back = element('a', '← Schema', 'back'); back.addEventListener('click', showHome); container.appendChild(back);
      container.appendChild(element('h2', type.name));
      container.appendChild(element('p', type.kind.toLowerCase().replace('_', ' ')));
      describe(container, type);
      costHint(container, type.name);
      if (type.interfaces && type.interfaces.length) {
        container.appendChild(element('h3', 'Implements'));
        type.interfaces.forEach(function (i) { var row = element('div', null, 'field'); row.appendChild(link(i.name)); container.appendChild(row); });
      }
      if (type.fields) { container.appendChild(element('h3', 'Fields')); type.fields.forEach(function (f) { container.appendChild(fieldRow(f, true, type.name)); }); }
      if (type.inputFields) { container.appendChild(element('h3', 'Input fields')); type.inputFields.forEach(function (f) { container.appendChild(fieldRow(f, false, type.name)); }); }
      if (type.enumValues) { container.appendChild(element('h3', 'Values')); type.enumValues.forEach(function (v) { container.appendChild(fieldRow(v, false, type.name)); }); }
      if (type.possibleTypes) {
        container.appendChild(element('h3', 'Possible types'));
        type.possibleTypes.forEach(function (p) { var row = element('div', null, 'field'); row.appendChild(link(p.name)); container.appendChild(row); });
      }
      if (type.specifiedByURL) container.appendChild(element('p', 'Specified by ' + type.specifiedByURL));
    }
    // The types and fields whose names hold `term`; the schema's front page for none.
    function search(term) {
      if (!schema) return;
      if (!term) { showHome(); return; }
      var lower = term.toLowerCase();
      container.innerHTML = '';
      container.appendChild(element('h3', 'Matches'));
      Object.keys(types).sort().forEach(function (name) {
        if (name.indexOf('__') === 0) return;
        if (name.toLowerCase().indexOf(lower) >= 0) { var row = element('div', null, 'field'); row.appendChild(link(name)); container.appendChild(row); }
        (types[name].fields || []).forEach(function (f) {
          if (f.name.toLowerCase().indexOf(lower) < 0) return;
          var row = element('div', null, 'field'); row.appendChild(link(name)); row.appendChild(document.createTextNode('.' + f.name));
          container.appendChild(row);
        });
      });
    }

    return {
      // Shows the schema (introspection's `__schema`, its types by name, the cost hints by
      // coordinate), at the type named `opened` when there is one.
      show: function (loadedSchema, loadedTypes, hints, opened) {
        schema = loadedSchema; types = loadedTypes; costHints = hints || {};
        if (opened && types[opened]) showType(opened); else showHome();
      },
      search: search
    };
  }

  global.KitchenDocs = { browser: browser };
})(window);
