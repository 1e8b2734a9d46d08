"""Structured JSON logs (structlog): one line per event, to stderr."""

from __future__ import annotations

import logging
import sys

import structlog


def configure(enabled: bool = True, stream=None) -> None:
    """JSON lines to ``stream`` (stderr); ``enabled=False`` drops everything below CRITICAL."""
    structlog.configure(
        processors=[
            structlog.contextvars.merge_contextvars,
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            structlog.processors.format_exc_info,
            structlog.processors.JSONRenderer(),
        ],
        wrapper_class=structlog.make_filtering_bound_logger(logging.INFO if enabled else logging.CRITICAL),
        logger_factory=structlog.PrintLoggerFactory(file=stream or sys.stderr),
        cache_logger_on_first_use=False,
    )
