"""``boardbot loadtest``: simulated clients playing whole games against AI seats.

See docs/loadtest.md. Modules: ``cli`` (options), ``driver`` (the game loop,
load models, generator processes), ``backends`` (gRPC, or the engine in
process), ``ai_call`` (the in-process AI call), ``stats`` (samples,
percentiles, histograms), ``procstat`` (CPU from /proc), ``report`` (JSON and
HTML).
"""
