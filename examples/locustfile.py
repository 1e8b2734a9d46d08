"""boardbot's simulated players on Locust (docs/loadtest.md, "Locust"): pip install 'boardbot[locust]', then

    # one machine, Locust's web UI on http://127.0.0.1:8089
    locust -f examples/locustfile.py --host 127.0.0.1:50051 --game frogriders --game czech-pub \
        --game-config '{}' --game-config '{"players": 3}' --moves suggest --budget 0.1

    # headless, 20 s, 16 players, a CSV report
    locust -f examples/locustfile.py --host 127.0.0.1:50051 --game frogriders --headless \
        -u 16 -r 16 -t 20s --csv run

    # distributed: a master, and workers on any number of machines (each runs this file)
    locust -f examples/locustfile.py --master --host boardbot.example:50051 --game frogriders ...
    locust -f examples/locustfile.py --worker --master-host MASTER

The simulated players take `boardbot loadtest`'s options (--game, --game-config, --bots, --seat,
--moves, --suggest-bot, --budget, --budget-iterations, --suggest-fraction, --bot-budget, --wait,
--poll-interval, --timeout, --seed, --request-ids, --keep-games, --tls-ca, --tls-client-cert,
--tls-client-key), also from a config file (locust --config) or LOCUST_* variables. deploy/ has a
master with workers for Docker Compose and Kubernetes.
"""

from boardbot.tools.loadtest.locust import BoardbotUser


class Player(BoardbotUser):
    """One game after another, back to back; set wait_time (locust.between, constant_pacing, ...)
    for pauses between games."""
