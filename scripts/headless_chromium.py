"""Headless Chromium through selenium, for the browser checks
(appearance-check.py, preview-browser-check.py): where the browser and its
driver are, and a driver started with the checks' flags."""
import shutil

BROWSERS = ("chromium", "chromium-browser", "google-chrome")
# One device pixel per CSS pixel and no scroll bars, so screenshots' pixels
# are the picture's.
FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1"]


def missing():
    """What is not installed (a word for the message), or None."""
    if not shutil.which("chromedriver"):
        return "chromedriver"
    if not any(map(shutil.which, BROWSERS)):
        return "chromium"
    return None


def start(extra=(), capabilities=None):
    """A Chrome driver on the first browser found, with FLAGS and `extra`."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = next(filter(None, map(shutil.which, BROWSERS)))
    for flag in FLAGS + list(extra):
        options.add_argument(flag)
    for name, value in (capabilities or {}).items():
        options.set_capability(name, value)
    return webdriver.Chrome(options=options, service=Service(shutil.which("chromedriver")))
