"""The server's frames (``protocol.encode``): the same JSON data ``json`` would write, whatever
the message holds."""

import json

from catgames.net.protocol import encode


def test_a_message_reads_back_as_the_json_module_writes_it() -> None:
    message = {"type": "update", "names": ["Моти", "貓"], "seats": (0, 1), "by_seat": {0: "a", 1: [1.5, None, True]}}
    assert json.loads(encode(message)) == json.loads(json.dumps(message))
    assert " " not in encode({"a": [1, 2], "b": {"c": 3}})  # compact: no spaces between items


def test_an_integer_past_64_bits_is_written_whole() -> None:
    mask = 5987041546539914963513353299111827371858850549334016  # a This Bed Is Mine event's mask
    assert json.loads(encode({"type": "update", "events": [{"data": {"mask": mask}}], "by_seat": {0: 1}})) == \
        {"type": "update", "events": [{"data": {"mask": mask}}], "by_seat": {"0": 1}}
