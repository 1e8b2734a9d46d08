"""bench/ai_speed.py's ``--slices`` protocol: a warm build process answers each slice asked with
its own figures, for as many slices as asked, and ends when its input does."""

from __future__ import annotations

from bench_modules import load

ai_speed = load("ai_speed")


def test_a_warm_build_process_measures_each_slice_it_is_asked_for():
    child = ai_speed.start_server_child("frogriders", 2, 1, pure=False, checkout=None)
    try:
        header = ai_speed.read_child(child, "frogriders 2p")
        assert header["playout"] == "engine" and header["build"]
        slices = []
        for number in range(3):
            child.stdin.write(f"{number} 0.02\n")
            child.stdin.flush()
            slices.append(ai_speed.read_child(child, "frogriders 2p"))
    finally:
        child.stdin.close()
        assert child.wait(timeout=60) == 0
    assert len(slices) == 3
    for figures in slices:
        assert figures["iterations_per_s"] > 100 and figures["actions_per_s"] > 1_000
