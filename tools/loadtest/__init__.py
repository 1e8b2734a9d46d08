"""``boardbot loadtest``: simulated clients playing whole games against AI seats.

See docs/loadtest.md. Modules: ``cli`` (options), ``driver`` (the game loop,
load models, generator processes), ``backends`` (gRPC, or the game master in
process), ``inprocess`` (stubs over the game master), ``stats`` (samples,
percentiles, histograms), ``procstat`` (CPU through psutil), ``report`` (JSON and
HTML), ``locust`` (the same players on Locust, from many machines).
"""
