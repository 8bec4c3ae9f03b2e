"""The team dashboard: server-rendered pages for team members, mounted under /app/.

Live mode only (interface.md 9.5). Every page is a thin responder over the same domain
functions the API calls, with the member's live-mode principal and `Actor.ui`.
"""
