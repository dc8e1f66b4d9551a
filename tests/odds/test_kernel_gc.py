"""Loading the compiled odds kernels runs no full garbage collection, and none walks
numba's objects after (issue #45: "no UI frame over 100 ms while odds are prepared"; a
full collection holds the GIL: 30-90 ms of a frame with numba's objects in the heap)."""
import gc
from types import SimpleNamespace

from game.odds import kernel


def test_loading_the_kernels_runs_no_full_collection(monkeypatch):
    full: list[int] = []

    def watch(phase, info):
        if phase == "start" and info["generation"] == 2:
            full.append(1)

    def compile_like_numba():
        # numba's import and cache loading: some 80,000 objects that stay
        kept = [[k] for k in range(300_000)]
        return SimpleNamespace(kept=kept)

    monkeypatch.setattr(kernel, "_compile", compile_like_numba)
    threshold = gc.get_threshold()
    gc.callbacks.append(watch)
    try:
        loaded = kernel._Kernels().load()
        assert loaded is not None
        assert full == []                       # none while loading
        assert gc.get_freeze_count() >= 300_000  # nor after: they are out of its reach
        assert gc.get_threshold() == threshold
    finally:
        gc.callbacks.remove(watch)
        gc.unfreeze()
