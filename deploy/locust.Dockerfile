# boardbot's simulated players on Locust (docs/loadtest.md, "Locust"): the image of a Locust master
# and of its workers, examples/locustfile.py with boardbot[locust] installed.
#   docker build -f deploy/locust.Dockerfile -t boardbot-locust .
#   docker run --rm boardbot-locust --headless -u 8 -t 30s --host HOST:50051 --game frogriders
# Used by deploy/compose.locust.yaml and deploy/k8s-locust/.
FROM python:3.11-slim

WORKDIR /app
COPY pyproject.toml README.md ./
COPY engine engine
COPY server server
COPY ai ai
COPY tools tools
COPY learning learning
COPY clients/python clients/python
COPY examples/locustfile.py locustfile.py
RUN pip install --no-cache-dir ./clients/python ".[locust]" && useradd --system --uid 10001 locust
USER locust

# 8089: the master's web UI; 5557: where the workers reach the master
EXPOSE 8089 5557
ENTRYPOINT ["locust", "-f", "/app/locustfile.py"]
