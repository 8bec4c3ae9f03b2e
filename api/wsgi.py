"""WSGI entry point for gunicorn (`api.wsgi:app`)."""

from api.app import create_app
from core import logs

logs.configure("api")
app = create_app()
