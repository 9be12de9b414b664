"""Validates AsyncAPI 3.0 documents: with asyncapi3 (a third-party model of the whole 3.0 specification, from
PyPI, pinned in requirements.txt), every schema against JSON Schema draft 07's meta-schema (AsyncAPI's Schema
Object is a superset of it; jsonschema's own copy), then the rules the specification states in words that a
model of its objects cannot see: every `$ref` resolves inside the document, an operation's messages are messages of its channel, a
reply's messages are messages of the reply's channel, and a channel's parameters are the ones its address names.

With `--examples FILE=FOLDER`, the payloads in FOLDER (the guides' fixtures: `<event>.json`, `:` written `_`,
in any subfolder) must also be valid instances of their message's payload schema in FILE.

Usage: python3 validate.py FILE... [--examples FILE=FOLDER]...
Prints one line per problem and exits 1 when there is any.
"""
import json
import os
import re
import sys
import warnings

import yaml
from jsonschema import Draft7Validator
from jsonschema.exceptions import SchemaError

warnings.filterwarnings("ignore")  # asyncapi3's own field-shadowing warnings
from asyncapi3 import AsyncAPI3  # noqa: E402


def resolve(document, reference):
    if not reference.startswith("#/"):
        raise KeyError(f"not a local reference: {reference}")
    node = document
    for step in reference[2:].split("/"):
        step = step.replace("~1", "/").replace("~0", "~")
        node = node[step]
    return node


def references(node, path="#"):
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str):
                yield path, value
            else:
                yield from references(value, f"{path}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from references(value, f"{path}/{index}")


def problems(path):
    with open(path, encoding="utf-8") as file:
        document = yaml.safe_load(file)
    try:
        AsyncAPI3.model_validate(document)
    except Exception as error:  # the model's validation error lists every problem it found
        yield f"{path}: not a valid AsyncAPI 3.0 document: {error}"
    components = document.get("components") or {}
    schemas = [(f"#/components/schemas/{name}", schema) for name, schema in (components.get("schemas") or {}).items()]
    schemas += [(f"#/components/messages/{name}/payload", message["payload"])
                for name, message in (components.get("messages") or {}).items() if "payload" in message]
    for where, schema in schemas:
        try:
            Draft7Validator.check_schema(schema)
        except SchemaError as error:
            yield f"{path}: {where}: not a JSON Schema: {error.message}"
    if document.get("asyncapi") != "3.0.0":
        yield f"{path}: `asyncapi` is {document.get('asyncapi')!r}, not '3.0.0'"
    for where, reference in references(document):
        try:
            resolve(document, reference)
        except (KeyError, TypeError, IndexError):
            yield f"{path}: {where}: $ref {reference} does not resolve"
    channels = document.get("channels", {})
    for name, channel in channels.items():
        named = set(re.findall(r"\{([^}]+)\}", channel.get("address") or ""))
        declared = set((channel.get("parameters") or {}).keys())
        if named != declared:
            yield f"{path}: channel {name}: the address names parameters {sorted(named)}, the channel declares {sorted(declared)}"
    for name, operation in (document.get("operations") or {}).items():
        channel = operation["channel"]["$ref"]
        for message in operation.get("messages", []):
            if not message["$ref"].startswith(channel + "/messages/"):
                yield f"{path}: operation {name}: message {message['$ref']} is not a message of {channel}"
        reply = operation.get("reply")
        if reply:
            reply_channel = reply.get("channel", operation["channel"])["$ref"]
            for message in reply.get("messages", []):
                if not message["$ref"].startswith(reply_channel + "/messages/"):
                    yield f"{path}: operation {name}: reply message {message['$ref']} is not a message of {reply_channel}"


def example_problems(path, folder):
    """Each fixture named after a message must be a valid instance of that message's payload schema."""
    with open(path, encoding="utf-8") as file:
        document = yaml.safe_load(file)
    # A fixture in a subfolder belongs to the channel of that name; one at the top, to the events outside channels.
    fixtures = {}
    for root, _, names in os.walk(folder):
        relative = os.path.relpath(root, folder)
        channel = "root" if relative == "." else relative.split(os.sep)[0]
        for name in names:
            if name.endswith(".json"):
                fixtures[(channel, name)] = os.path.join(root, name)
    checked = 0
    messages = (document.get("components") or {}).get("messages") or {}
    for channel_id, channel in (document.get("channels") or {}).items():
        for reference in (channel.get("messages") or {}).values():
            message_id = reference["$ref"].rsplit("/", 1)[-1]
            message = messages.get(message_id, {})
            fixture = fixtures.get((channel_id, message.get("name", "").replace(":", "_") + ".json"))
            if "payload" not in message or fixture is None:
                continue
            with open(fixture, encoding="utf-8") as file:
                instance = json.load(file)
            # The document is the schema's root, so `#/components/schemas/...` references resolve inside it.
            root = dict(document, **{"$ref": f"#/components/messages/{message_id}/payload"})
            for error in Draft7Validator(root).iter_errors(instance):
                yield f"{fixture}: not a valid `{message['name']}` payload of {path}: {error.message}"
            checked += 1
    if checked == 0:
        yield f"{folder}: no fixture matched a message of {path}"
    print(f"{path}: {checked} fixtures checked against their payload schemas")


def main(arguments):
    paths = [argument for argument in arguments if not argument.startswith("--") and "=" not in argument]
    examples = [argument.split("=", 1) for argument in arguments if "=" in argument]
    found = [problem for path in paths for problem in problems(path)]
    found += [problem for path, folder in examples for problem in example_problems(path, folder)]
    for problem in found:
        print(problem)
    print(f"{len(paths)} documents, {len(found)} problems")
    return 1 if found or not paths else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
