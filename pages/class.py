"""The address /class (a fresh server resolves a deep link by this file's name, so a teacher's link
works even before anyone opened the app); the page is playground/app/console.py."""

from playground.app import require_app_shell
from playground.app.console import class_page

require_app_shell()  # on a fresh server: leaves for streamlit_app.py's navigation, which runs the page
class_page()
