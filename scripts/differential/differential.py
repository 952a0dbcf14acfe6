#!/usr/bin/env python3
"""Differential test: `kitchen check` against graphql-core's `validate`.

Thousands of documents, written from Kitchen's Schema.graphql and from the validation-case
harness schema (hypothesis-graphql's valid and invalid queries, this folder's generator,
deliberately broken variants of both, and the documents of the graphql-js validation
cases), must get the same verdict and the same error locations from Kitchen as from
graphql-core 3.2 (graphql-js 16). Messages are compared too, and reported, but do not fail.

    differential.py run [--kitchen PATH]   generate, run the kitchen binary, compare
    differential.py generate DIR           write documents, batches and graphql-core's errors
    differential.py compare DIR            compare with DIR/kitchen-N.json (check --json)

The Swift test (Tests/AppTests/Differential) runs `generate`, checks the batches with
`KitchenCLI` in-process, and runs `compare`. Everything is seeded: the same documents every
run. KITCHEN_DIFF_EXAMPLES sets how many documents to write (default 3000, plus the
validation cases), KITCHEN_DIFF_SEED the seed, KITCHEN_DIFF_HYPOTHESIS_SECONDS the time
hypothesis-graphql may take (default 12; it writes about ten documents a second).
"""

import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import graphql  # noqa: E402

import generator  # noqa: E402
import mutations  # noqa: E402
from deviations import KNOWN_DEVIATIONS  # noqa: E402

PACKAGE = HERE.parent.parent
# The recorded validation cases are outside material: scripts/conformance names its folder.
MATERIAL = os.environ.get("KITCHEN_CONFORMANCE_MATERIAL", "")
CASES = Path(MATERIAL or "/nonexistent") / "graphql-core-validation-cases" / "cases-graphql-js16.jsonl"
BATCH_SIZE = 500
CUSTOM_SCALARS = {"DateTime": ["2026-01-02T03:04:05Z", "not a date"]}


def log(message):
    print(message, file=sys.stderr, flush=True)


# Generation -------------------------------------------------------------------------


def hypothesis_documents(schema, count, seed, mode, deadline):
    """Up to `count` documents from hypothesis-graphql, stopping at `deadline`."""
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import seed as fixed_seed
    from hypothesis import strategies as st
    from hypothesis.errors import HypothesisException
    from hypothesis_graphql import Mode, from_schema

    custom = {
        name: st.sampled_from([graphql.StringValueNode(value=value) for value in values])
        for name, values in CUSTOM_SCALARS.items() if name in schema.type_map
    }
    found = []

    class Enough(Exception):
        pass

    @fixed_seed(seed)
    @settings(max_examples=count, database=None, deadline=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(from_schema(schema, custom_scalars=custom, mode=Mode.POSITIVE if mode == "positive" else Mode.NEGATIVE))
    def collect(document):
        if time.monotonic() > deadline:
            raise Enough()
        found.append(document)

    try:
        collect()
    except (Enough, HypothesisException):
        pass
    except Exception as error:  # hypothesis re-raises Enough wrapped on some versions
        if "Enough" not in type(error).__name__ and "Enough" not in repr(error):
            raise
    return found


def with_upload_scalar(schema):
    """`schema` with an `Upload` scalar as graphql-upload's: its parseLiteral refuses every
    literal ("Upload literal unsupported."), as Kitchen's does."""
    upload = schema.type_map.get("Upload")
    if isinstance(upload, graphql.GraphQLScalarType):
        def refuse(node, _variables=None):
            raise graphql.GraphQLError("Upload literal unsupported.", node)
        upload.parse_literal = refuse
    return schema


def corpus(name, sdl, count, seed, hypothesis_seconds):
    """(text, origin) pairs for one schema: `count` documents plus hypothesis-graphql's."""
    schema = with_upload_scalar(graphql.build_schema(sdl))
    rng = random.Random(f"{seed}-{name}")
    deadline = time.monotonic() + hypothesis_seconds
    documents = []
    try:
        positive = hypothesis_documents(schema, max(10, count // 20), seed, "positive", deadline - hypothesis_seconds / 3)
        negative = hypothesis_documents(schema, max(10, count // 20), seed, "negative", deadline)
    except ImportError:
        log("hypothesis-graphql is not installed: only the generator's documents are used")
        positive, negative = [], []
    documents += [(text, "hypothesis-positive") for text in positive]
    documents += [(text, "hypothesis-negative") for text in negative]
    own = max(0, count // 4)
    generated = generator.generate(schema, own, f"{seed}-{name}", CUSTOM_SCALARS)
    documents += [(text, "generator") for text in generated]
    bases = positive + generated
    while len(documents) < count + len(positive) + len(negative) and bases:
        text, applied = mutations.mutate(schema, rng.choice(bases), rng)
        documents.append((text, "mutated:" + "+".join(applied)))
    return schema, documents


def validation_cases():
    """The graphql-js validation cases' documents, grouped by schema SDL."""
    if not CASES.exists():
        log(f"no validation cases at {CASES}: skipping them")
        return None, {}
    lines = [json.loads(line) for line in CASES.read_text().splitlines() if line.strip()]
    meta = next(line for line in lines if line.get("kind") == "meta")
    groups = {}
    for case in lines:
        if case.get("kind") != "executable":
            continue
        sdl = meta["harness_schema"] if case["schema"] == "harness" else case["schema"]
        groups.setdefault(sdl, []).append((case["document"], f"case:{case['rule']}:{case['id']}"))
    return meta["harness_schema"], groups


def graphql_core_errors(schema, text):
    """graphql-core's verdict: [{message, locations}] (a syntax error is one such error), or
    the name of the exception graphql-core raised."""
    try:
        document = graphql.parse(text)
    except graphql.GraphQLError as error:
        return [error_json(error)]
    try:
        return [error_json(error) for error in graphql.validate(schema, document)]
    except Exception as error:  # noqa: BLE001 - graphql-core's own bugs, counted and left out
        # graphql-core 3.2 recurses without end on some fragment cycles inside sub-selections
        # (OverlappingFieldsCanBeMerged), and raises KeyError for an undefined variable in a
        # @oneOf input object (ValuesOfCorrectType): such documents have no verdict to compare.
        return type(error).__name__


def error_json(error):
    return {"message": error.message, "locations": locations(error)}


LINE_BREAK = re.compile(r"\r\n|[\n\r]")


def locations(error):
    """The error's [line, column]s, counted from its character offsets as the specification
    counts lines (LF, CR, CRLF); graphql-core before 3.2.14 miscounts a position at the
    start of a line, which would make every such error a false disagreement."""
    if error.source is None or not error.positions:
        return [[location.line, location.column] for location in (error.locations or [])]
    places = []
    for position in error.positions:
        line, line_start = 1, 0
        for match in LINE_BREAK.finditer(error.source.body, 0, position):
            line, line_start = line + 1, match.end()
        places.append([line, position - line_start + 1])
    return places


def generate(directory, examples, seed, hypothesis_seconds):
    directory = Path(directory)
    documents_dir = directory / "documents"
    documents_dir.mkdir(parents=True, exist_ok=True)
    harness_sdl, case_groups = validation_cases()
    schemas = [("product", (PACKAGE / "Schema.graphql").read_text(), int(examples * 0.6))]
    if harness_sdl is not None:
        schemas.append(("harness", harness_sdl, examples - int(examples * 0.6)))
    batches, expected = [], {}
    started = time.monotonic()
    index = 0
    unanswered = {}
    plan = []
    for name, sdl, count in schemas:
        schema, documents = corpus(name, sdl, count, seed, hypothesis_seconds / len(schemas))
        documents += case_groups.pop(sdl, [])
        plan.append((name, sdl, schema, documents))
    for number, (sdl, documents) in enumerate(case_groups.items()):
        try:
            schema = graphql.build_schema(sdl)
            graphql.assert_valid_schema(schema)
        except Exception:
            continue
        plan.append((f"case-schema-{number}", sdl, schema, documents))
    for name, sdl, schema, documents in plan:
        schema_path = directory / f"{name}.graphql"
        schema_path.write_text(sdl)
        seen = set()
        files = []
        for text, origin in documents:
            if text in seen:
                continue
            seen.add(text)
            errors = graphql_core_errors(schema, text)
            if isinstance(errors, str):
                unanswered[errors] = unanswered.get(errors, 0) + 1
                continue
            path = documents_dir / f"{index:05d}.graphql"
            index += 1
            path.write_bytes(text.encode("utf-8", "surrogatepass"))
            expected[str(path)] = {"schema": name, "origin": origin, "errors": errors}
            files.append(str(path))
        for start in range(0, len(files), BATCH_SIZE):
            batches.append({"schema": str(schema_path), "files": files[start:start + BATCH_SIZE]})
    (directory / "manifest.json").write_text(json.dumps({"batches": batches}, indent=1))
    (directory / "expected.json").write_text(json.dumps(expected))
    log(f"wrote {len(expected)} documents in {len(batches)} batches in {time.monotonic() - started:.1f} s"
        + (f"; left out, as graphql-core raised: {unanswered}" if unanswered else ""))
    return batches


# Comparison -------------------------------------------------------------------------


def locations_of(errors):
    return sorted(tuple(tuple(place) for place in error["locations"]) for error in errors)


def messages_of(errors, normalize=False):
    def message(text):
        return graphql_js_wording(text) if normalize else text
    return sorted((message(error["message"]), tuple(tuple(place) for place in error["locations"])) for error in errors)


# graphql-core 3.2 quotes names with ' where graphql-js 16 (and Kitchen) use ", and names a
# directive location in words ("on variable definition.") where graphql-js prints the enum
# value ("on VARIABLE_DEFINITION.").
QUOTED = re.compile(r"'([^']*?)'")
LOCATION_WORDS = re.compile(r"may not be used on ([a-z ]+)\.$")


def graphql_js_wording(message):
    message = QUOTED.sub(r'"\1"', message)
    return LOCATION_WORDS.sub(lambda match: f"may not be used on {match.group(1).upper().replace(' ', '_')}.", message)


def kitchen_results(directory, batches):
    results = {}
    for number in range(len(batches)):
        path = Path(directory) / f"kitchen-{number}.json"
        if not path.exists():
            continue
        for entry in json.loads(path.read_text()):
            results[entry["file"]] = [
                {"message": e["message"], "locations": [[p["line"], p["column"]] for p in e.get("locations", [])]}
                for e in entry["errors"]
            ]
    return results


def known_deviation(text, expected, actual):
    for deviation in KNOWN_DEVIATIONS:
        if deviation["applies"](text, expected, actual):
            return deviation["id"]
    return None


def compare(directory):
    directory = Path(directory)
    batches = json.loads((directory / "manifest.json").read_text())["batches"]
    expected = json.loads((directory / "expected.json").read_text())
    actual = kitchen_results(directory, batches)
    totals = {"documents": 0, "invalid": 0, "verdict": 0, "locations": 0, "messages": 0, "messages-normalized": 0, "order": 0}
    by_schema, deviations, failures, message_differences = {}, {}, [], []
    for path, want in expected.items():
        text = Path(path).read_text(encoding="utf-8", errors="surrogateescape")
        got = actual.get(path)
        totals["documents"] += 1
        schema_totals = by_schema.setdefault(want["schema"], {"documents": 0, "agree": 0})
        schema_totals["documents"] += 1
        if want["errors"]:
            totals["invalid"] += 1
        if got is None:
            failures.append({"file": path, "origin": want["origin"], "kind": "not checked by Kitchen",
                             "graphql-core": want["errors"], "kitchen": None})
            continue
        same_verdict = bool(got) == bool(want["errors"])
        same_locations = same_verdict and locations_of(got) == locations_of(want["errors"])
        totals["verdict"] += same_verdict
        totals["locations"] += same_locations
        if messages_of(got) == messages_of(want["errors"]):
            totals["messages"] += 1
        if messages_of(got) in (messages_of(want["errors"]), messages_of(want["errors"], normalize=True)):
            totals["messages-normalized"] += 1
        elif same_locations:
            message_differences.append({"file": path, "graphql-core": want["errors"], "kitchen": got})
        in_order = [(e["message"], e["locations"]) for e in got]
        totals["order"] += in_order in (
            [(e["message"], e["locations"]) for e in want["errors"]],
            [(graphql_js_wording(e["message"]), e["locations"]) for e in want["errors"]])
        if same_locations:
            schema_totals["agree"] += 1
            continue
        deviation = known_deviation(text, want["errors"], got)
        if deviation:
            deviations[deviation] = deviations.get(deviation, 0) + 1
            continue
        failures.append({"file": path, "origin": want["origin"],
                         "kind": "verdict" if not same_verdict else "locations",
                         "graphql-core": want["errors"], "kitchen": got})
    report = {"totals": totals, "by_schema": by_schema, "known_deviations": deviations,
              "failures": failures, "message_differences": message_differences}
    (directory / "report.json").write_text(json.dumps(report, indent=1, ensure_ascii=False))
    print_report(report, directory)
    return 1 if failures else 0


def percent(part, whole):
    return f"{100 * part / whole:.2f}%" if whole else "-"


def print_report(report, directory):
    totals = report["totals"]
    count = totals["documents"]
    print(f"differential: {count} documents ({totals['invalid']} invalid per graphql-core {graphql.__version__})")
    groups = {}
    for name, figures in report["by_schema"].items():
        group = groups.setdefault("validation cases' own schemas" if name.startswith("case-schema") else name,
                                  {"documents": 0, "agree": 0})
        group["documents"] += figures["documents"]
        group["agree"] += figures["agree"]
    for name, figures in groups.items():
        print(f"  {name}: {figures['documents']} documents, {figures['agree']} agree")
    print(f"  same verdict:              {totals['verdict']}/{count} ({percent(totals['verdict'], count)})")
    print(f"  same verdict and locations: {totals['locations']}/{count} ({percent(totals['locations'], count)})")
    print(f"  same messages, verbatim:    {totals['messages']}/{count} ({percent(totals['messages'], count)})")
    normalized = totals["messages-normalized"]
    print(f"  same messages, graphql-js wording: {normalized}/{count} ({percent(normalized, count)};"
          " graphql-core's quotes and location names translated)")
    print(f"  same errors in same order:  {totals['order']}/{count} ({percent(totals['order'], count)}; graphql-js wording)")
    for deviation, number in report["known_deviations"].items():
        print(f"  known deviation {deviation}: {number}")
    if report["message_differences"]:
        print(f"message differences (not failures), first of {len(report['message_differences'])}:")
        for difference in report["message_differences"][:5]:
            print(f"  {difference['file']}")
            print(f"    graphql-core: {[e['message'] for e in difference['graphql-core']]}")
            print(f"    kitchen:      {[e['message'] for e in difference['kitchen']]}")
    failures = report["failures"]
    print(f"disagreements: {len(failures)}" + (f" (all in {directory}/report.json)" if failures else ""))
    for failure in failures[:25]:
        text = Path(failure["file"]).read_text(encoding="utf-8", errors="replace")
        print(f"- {failure['file']} [{failure['origin']}]: different {failure['kind']}")
        print("    " + "\n    ".join(text.splitlines()[:40]))
        print(f"  graphql-core: {json.dumps(failure['graphql-core'], ensure_ascii=False)}")
        print(f"  kitchen:      {json.dumps(failure['kitchen'], ensure_ascii=False)}")


# Running the binary -------------------------------------------------------------------


def run_kitchen(kitchen, directory, batches):
    started = time.monotonic()
    for number, batch in enumerate(batches):
        completed = subprocess.run(
            [kitchen, "check", "--json", "--schema", batch["schema"], *batch["files"]],
            capture_output=True, text=True)
        if completed.returncode not in (0, 1) or not completed.stdout.strip():
            log(f"kitchen check failed (status {completed.returncode}): {completed.stderr[:2000]}")
            sys.exit(2)
        (Path(directory) / f"kitchen-{number}.json").write_text(completed.stdout)
    log(f"kitchen checked {len(batches)} batches in {time.monotonic() - started:.1f} s")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("run")
    run.add_argument("--kitchen", default=str(PACKAGE / ".build" / "debug" / "kitchen"))
    run.add_argument("--keep", help="write into this directory and keep it")
    commands.add_parser("generate").add_argument("directory")
    commands.add_parser("compare").add_argument("directory")
    arguments = parser.parse_args()
    examples = int(os.environ.get("KITCHEN_DIFF_EXAMPLES", "3000"))
    seed = int(os.environ.get("KITCHEN_DIFF_SEED", "20261130"))
    hypothesis_seconds = float(os.environ.get("KITCHEN_DIFF_HYPOTHESIS_SECONDS", "12"))
    if arguments.command == "generate":
        generate(arguments.directory, examples, seed, hypothesis_seconds)
        return 0
    if arguments.command == "compare":
        return compare(arguments.directory)
    directory = arguments.keep or tempfile.mkdtemp(prefix="kitchen-differential-")
    batches = generate(directory, examples, seed, hypothesis_seconds)
    run_kitchen(arguments.kitchen, directory, batches)
    return compare(directory)


if __name__ == "__main__":
    sys.exit(main())
