#!/usr/bin/env python3
"""`pencilc preview` in a real browser (headless Chromium through selenium), from
the first picture to Ctrl-C. In a temporary folder it writes a scene with adaptive
colours (a .systemBackground canvas, a .blue rect, an .orange ellipse from a
component, a text), starts `PENCILC preview scene.pencil --port 0`, reads the URL
from the first line of its standard output, and checks, each step bounded in time:

 1. the page shows the picture: [data-src] elements appear, and a screenshot's
    pixel at the rect's centre is its light colour (#007aff);
 2. zoom: the − button and the wheel zoom out, and the zoom is kept across
    the redraws below;
 3. an error written into the scene: the problems overlay appears with the
    diagnostic at the right line:col (its text, its vscode:// link and its
    data-location), the last good picture stays, dimmed;
 4. the scene fixed with another colour: the overlay goes and the picture
    changes (the rect's fill becomes #34c759, in the SVG and on screen);
 5. Dark: the page's header and the picture's canvas turn dark (screenshot
    pixels: the canvas #000000, the rect #30d158), the download links ask for
    appearance=dark, and /picture.svg?appearance=dark is served; and Light in
    a system set to dark draws the light colours;
 6. hovering the rect: the outline appears and the tooltip gives its kind and
    FILE:3:1 (FILE as /state.json's files[0].name);
 7. clicking it: the source panel shows exactly the rect's statement, line 3;
    Esc closes it, Tab reaches a shape (its tooltip shows) and then the
    component's ellipse (its tooltip names the use's line), Enter opens it;
 8. the key 0 fits the picture beside the panel; with --screenshot, a
    screenshot of the page (docs/pictures/preview.png when no path is given), and
   one of step 3's error overlay beside it (preview-errors.png);
 9. no error in the page's console up to here; SIGINT stops the server with
    exit status 0, and the page says it stopped.

Only 127.0.0.1 is used. Exit: 0 when every step passed, or when skipped (no
Chromium, chromedriver or selenium) without --require; 1 on any failure.

Usage: scripts/preview-browser-check.py [--pencilc PATH] [--screenshot [PATH]] [--require]
Needs: apt-get install -y chromium chromium-driver; pip install selenium pillow.
Browser and driver are found as scripts/appearance-check.py finds them.
"""
import argparse
import io
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

import headless_chromium

try:
    from PIL import Image
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.actions.wheel_input import ScrollOrigin
    from selenium.webdriver.common.by import By
except ImportError as error:
    MISSING = error.name
else:
    MISSING = None

SCENE = """// The preview check's scene: colours that adapt to light and dark.
canvas 360x220 background=.systemBackground
rect at 20,20 size 140x90 fill=.blue
component blob(tint: Color) {
  ellipse fill=tint
}
blob tint=.orange at 200,20 size 120x90
text "Preview" at 20,170 font=title
"""
RECT_LINE = "rect at 20,20 size 140x90 fill=.blue"
LIGHT_BLUE, LIGHT_GREEN, DARK_GREEN = (0x00, 0x7A, 0xFF), (0x34, 0xC7, 0x59), (0x30, 0xD1, 0x58)
STEP_TIMEOUT = 20


class Failure(Exception):
    pass


def wait_for(what, condition, timeout=STEP_TIMEOUT, interval=0.1):
    """The condition's first truthy value within the timeout, else a Failure naming `what`."""
    deadline, last_error = time.monotonic() + timeout, None
    while time.monotonic() < deadline:
        try:
            value = condition()
            if value:
                return value
        except Exception as error:  # a page still changing: try again
            last_error = error
        time.sleep(interval)
    raise Failure(f"timed out after {timeout} s waiting for {what}" + (f" ({last_error})" if last_error else ""))


def close(a, b, tolerance=6):
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


class Server:
    """`pencilc preview scene.pencil --port 0` in `folder`, its URL read from its first line."""

    def __init__(self, pencilc, folder):
        self.process = subprocess.Popen([pencilc, "preview", "scene.pencil", "--port", "0"], cwd=folder,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        first = []
        reader = threading.Thread(target=lambda: first.append(self.process.stdout.readline()), daemon=True)
        reader.start()
        reader.join(STEP_TIMEOUT)
        line = first[0].strip() if first else ""
        if not re.fullmatch(r"http://127\.0\.0\.1:\d+/", line):
            self.kill()
            raise Failure(f"the first line of standard output is {line!r}, not http://127.0.0.1:PORT/")
        self.url = line
        # Keep reading so that a chatty server never blocks on a full pipe.
        threading.Thread(target=self.process.stdout.read, daemon=True).start()
        threading.Thread(target=self.process.stderr.read, daemon=True).start()

    def get(self, path):
        with urllib.request.urlopen(self.url + path.lstrip("/"), timeout=STEP_TIMEOUT) as response:
            return response.status, response.headers, response.read()

    def interrupt(self):
        self.process.send_signal(signal.SIGINT)
        try:
            return self.process.wait(STEP_TIMEOUT)
        except subprocess.TimeoutExpired:
            self.kill()
            raise Failure(f"the server did not stop within {STEP_TIMEOUT} s of SIGINT")

    def kill(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(5)


class Page:
    def __init__(self, url):
        self.driver = headless_chromium.start(
            ["--window-size=1100,720"], capabilities={"goog:loggingPrefs": {"browser": "ALL"}})
        self.driver.set_page_load_timeout(STEP_TIMEOUT)
        self.driver.set_script_timeout(STEP_TIMEOUT)
        # The system appearance is light, so that choosing Dark is a change.
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                    {"features": [{"name": "prefers-color-scheme", "value": "light"}]})
        self.driver.get(url)

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def shot(self):
        return Image.open(io.BytesIO(self.driver.get_screenshot_as_png())).convert("RGB")

    def pixel(self, x, y):
        return self.shot().getpixel((int(x), int(y)))

    def rect_centre(self):
        box = self.js("const r = document.querySelector('#picture [data-kind=rect]').getBoundingClientRect();"
                      "return [r.left + r.width / 2, r.top + r.height / 2];")
        return box

    def canvas_point(self, x, y):
        """Screen pixel of a point of the picture (its viewBox starts at 0,0)."""
        return self.js("const r = document.querySelector('#picture svg').getBoundingClientRect();"
                       "const s = document.querySelector('#picture svg').width.baseVal.value;"
                       "return [r.left + arguments[0] * r.width / s, r.top + arguments[1] * r.width / s];", x, y)

    def visible(self, selector):
        return self.js("const e = document.querySelector(arguments[0]);"
                       "return !!e && !e.hidden && getComputedStyle(e).display !== 'none';", selector)


def check(pencilc, screenshot):
    folder = tempfile.mkdtemp(prefix="pencil-preview-check-")
    scene_path = os.path.join(folder, "scene.pencil")

    def write_scene(text):
        with open(scene_path, "w", encoding="utf-8") as file:
            file.write(text)

    write_scene(SCENE)
    server = Server(pencilc, folder)
    page = None
    try:
        page = Page(server.url)
        status, _, body = server.get("/state.json")
        name = json.loads(body)["files"][0]["name"]

        # 1. The picture.
        count = wait_for("[data-src] elements in the page", lambda: page.js(
            "return document.querySelectorAll('#picture [data-src]').length"))
        time.sleep(0.3)  # the frame after the picture is inserted
        colour = page.pixel(*page.rect_centre())
        if not close(colour, LIGHT_BLUE):
            raise Failure(f"the rect's centre is {colour} on screen, not the light .blue {LIGHT_BLUE}")
        print(f"ok 1: the picture is shown ({count} annotated elements; the rect is {colour})")

        # 2. Zoom (out, so the whole picture stays in view), kept across redraws.
        before = page.js("return document.getElementById('stage').style.transform")
        page.driver.find_element(By.ID, "zoom-out").click()
        after_button = wait_for("the − button to zoom", lambda: (lambda t: t != before and t)(
            page.js("return document.getElementById('stage').style.transform")))
        level = page.driver.find_element(By.ID, "zoom-level").text
        origin = ScrollOrigin.from_element(page.driver.find_element(By.ID, "viewport"))
        ActionChains(page.driver).scroll_from_origin(origin, 0, 100).perform()
        zoomed = wait_for("the wheel to zoom", lambda: (lambda t: t != after_button and t)(
            page.js("return document.getElementById('stage').style.transform")))
        print(f"ok 2: zoom out with − ({level}) and the wheel ({page.driver.find_element(By.ID, 'zoom-level').text})")

        # 3. An error: the overlay with its line:col over the dimmed picture.
        broken = SCENE.replace("fill=.blue", "fill=.bleu")
        line = 3
        column = broken.split("\n")[line - 1].index(".bleu") + 1
        write_scene(broken)
        wait_for("the problems overlay", lambda: page.visible("#problems"))
        location = f"{line}:{column}"
        found = wait_for(f"a diagnostic at {location}", lambda: page.js(
            "const d = document.querySelector('#problems .diagnostic[data-location=\"' + arguments[0] + '\"]');"
            "return d && [d.textContent, d.querySelector('.location a').href];", location))
        text, link = found
        if f"{name}:{location}" not in text or not link.startswith("vscode://file/") or \
                not link.endswith(f"scene.pencil:{location}") or "^" not in text:
            raise Failure(f"the diagnostic reads {text!r} with link {link!r}")
        if not page.js("return document.getElementById('viewport').classList.contains('failed') &&"
                       " document.querySelectorAll('#picture [data-src]').length > 0"):
            raise Failure("the last good picture is not kept, dimmed, under the overlay")
        print(f"ok 3: the overlay shows {name}:{location} with a caret and {link}")
        if screenshot:
            # The error overlay too, beside the main screenshot (preview-errors.png).
            errors = os.path.join(os.path.dirname(os.path.abspath(screenshot)), "preview-errors.png")
            os.makedirs(os.path.dirname(errors), exist_ok=True)
            page.shot().save(errors, optimize=True)
            print(f"   screenshot {errors}")

        # 4. Fixed with another colour: the overlay goes, the picture changes.
        write_scene(SCENE.replace("fill=.blue", "fill=.green"))
        wait_for("the overlay to go", lambda: not page.visible("#problems"))
        wait_for("the rect to turn green in the SVG", lambda: page.js(
            "return document.querySelector('#picture [data-kind=rect]').getAttribute('fill')") == "#34c759")
        time.sleep(0.3)
        colour = page.pixel(*page.rect_centre())
        if not close(colour, LIGHT_GREEN):
            raise Failure(f"the rect is {colour} on screen after the fix, not {LIGHT_GREEN}")
        kept = page.js("return document.getElementById('stage').style.transform")
        if kept != zoomed:
            raise Failure(f"the zoom and pan changed across redraws: {zoomed} then {kept}")
        print(f"ok 4: the overlay went, the rect is {colour}, the zoom kept ({kept})")

        # 5. Dark.
        header_before = page.pixel(3, 3)
        page.driver.find_element(By.CSS_SELECTOR, "button[data-appearance=dark]").click()
        wait_for("the dark class on the picture", lambda: page.js(
            "return document.getElementById('picture').classList.contains('pencil-dark')"))
        time.sleep(0.3)
        shot = page.shot()
        canvas = shot.getpixel(tuple(int(v) for v in page.canvas_point(350, 210)))
        rect = shot.getpixel(tuple(int(v) for v in page.rect_centre()))
        header = shot.getpixel((3, 3))
        if not close(canvas, (0, 0, 0)) or not close(rect, DARK_GREEN):
            raise Failure(f"in dark the canvas is {canvas} and the rect {rect}, not (0, 0, 0) and {DARK_GREEN}")
        if not (sum(header) < sum(header_before) - 300):
            raise Failure(f"the page's header did not turn dark: {header_before} then {header}")
        href = page.js("return document.getElementById('download-png').getAttribute('href')")
        if "appearance=dark" not in (href or ""):
            raise Failure(f"the PNG download is {href!r}, not of the dark appearance")
        status, headers, body = server.get("/picture.svg?appearance=dark")
        if status != 200 or b"<svg" not in body:
            raise Failure(f"/picture.svg?appearance=dark answered {status}")
        # And Light wins over a dark system.
        page.driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                    {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        page.driver.find_element(By.CSS_SELECTOR, "button[data-appearance=light]").click()
        time.sleep(0.3)
        shot = page.shot()
        light_canvas = shot.getpixel(tuple(int(v) for v in page.canvas_point(350, 210)))
        light_rect = shot.getpixel(tuple(int(v) for v in page.rect_centre()))
        if not close(light_canvas, (255, 255, 255)) or not close(light_rect, LIGHT_GREEN):
            raise Failure(f"Light in a dark system: the canvas is {light_canvas} and the rect {light_rect}")
        page.driver.find_element(By.CSS_SELECTOR, "button[data-appearance=dark]").click()
        print(f"ok 5: dark: canvas {canvas}, rect {rect}, header {header_before} -> {header}; {href};"
              f" Light in a dark system: canvas {light_canvas}, rect {light_rect}")

        # 6. Hover.
        shape = page.driver.find_element(By.CSS_SELECTOR, "#picture [data-kind=rect]")
        ActionChains(page.driver).move_to_element(shape).perform()
        tip = wait_for("the tooltip", lambda: page.visible("#tooltip") and page.visible("#hover-box") and
                       page.driver.find_element(By.CSS_SELECTOR, "#tooltip .tip-location").text)
        if tip != f"{name}:3:1" or "rect" not in page.driver.find_element(By.ID, "tooltip").text:
            raise Failure(f"the tooltip says {page.driver.find_element(By.ID, 'tooltip').text!r}")
        print(f"ok 6: hover: {page.driver.find_element(By.ID, 'tooltip').text!r}")

        # 7. Click: the source panel.
        ActionChains(page.driver).click(shape).perform()
        expected = RECT_LINE.replace(".blue", ".green")
        code = wait_for("the source panel", lambda: page.visible("#source-panel") and page.js(
            "const pre = document.querySelector('#source-body pre.source');"
            "return pre && [pre.textContent, pre.firstElementChild.dataset.line]"))
        if code[0].strip() != expected or code[1] != "3":
            raise Failure(f"the source panel shows {code!r}, not line 3 {expected!r}")
        print(f"ok 7: the source panel shows line {code[1]}: {code[0].strip()!r}")
        # The same from the keyboard: Esc closes the panel; from the toolbar,
        # Tab reaches the rect (the first shape drawn), Enter opens it.
        ActionChains(page.driver).send_keys("\ue00c").perform()  # Escape
        wait_for("Esc to close the source panel", lambda: not page.visible("#source-panel"))
        page.js("document.querySelector('button[data-appearance=\"dark\"]').focus()")
        focused = None
        for _ in range(40):
            ActionChains(page.driver).send_keys("\ue004").perform()  # Tab
            focused = page.js("const e = document.activeElement; return e && e.dataset && e.dataset.src || null")
            if focused:
                break
        if not focused:
            raise Failure("Tab never reaches a shape")
        tip = wait_for("the tooltip of the focused shape", lambda: page.visible("#tooltip") and page.js(
            "return document.getElementById('tooltip').textContent"))
        if not tip.startswith("rect") or not tip.endswith(":3:1"):
            raise Failure(f"the first shape Tab reaches shows {tip!r}, not the rect at 3:1")
        # The next is the component's ellipse, whose tooltip names the use.
        ActionChains(page.driver).send_keys("\ue004").perform()  # Tab
        used = wait_for("the tooltip of the component's ellipse", lambda: page.js(
            "const t = document.getElementById('tooltip').textContent;"
            "return t.startsWith('ellipse') ? t : null"))
        if "used at " + name + ":7:1" not in used:
            raise Failure(f"the ellipse's tooltip reads {used!r}, without its use at {name}:7:1")
        ActionChains(page.driver).key_down("\ue008").send_keys("\ue004").key_up("\ue008").perform()  # Shift+Tab
        ActionChains(page.driver).send_keys("\ue007").perform()  # Enter
        wait_for("Enter to open the focused shape's source", lambda: page.visible("#source-panel"))
        print(f"ok 7: keyboard: Tab focuses {focused} ({tip!r}), then the ellipse ({used!r}); Enter opens the source")

        # 8. "0" fits the picture beside the panel; the screenshot, hovering
        # again so that the outline shows.
        ActionChains(page.driver).send_keys("0").perform()
        wait_for("0 to fit the picture in the window", lambda: page.js(
            "const p = document.querySelector('#picture svg').getBoundingClientRect();"
            "const v = document.getElementById('viewport').getBoundingClientRect();"
            "return p.left >= v.left && p.right <= v.right && p.top >= v.top && p.bottom <= v.bottom &&"
            " document.getElementById('stage').style.transform !== arguments[0];", kept))
        print("ok 8: the key 0 fits the picture beside the source panel")
        if screenshot:
            ActionChains(page.driver).move_to_element(shape).perform()
            time.sleep(0.3)
            os.makedirs(os.path.dirname(os.path.abspath(screenshot)), exist_ok=True)
            page.shot().save(screenshot, optimize=True)
            print(f"   screenshot {screenshot}")

        # No script error or failed request in the page's console so far.
        errors = [entry["message"] for entry in page.driver.get_log("browser") if entry["level"] == "SEVERE"]
        if errors:
            raise Failure("the page's console has errors: " + "; ".join(errors))

        # 9. SIGINT.
        code = server.interrupt()
        if code != 0:
            raise Failure(f"the server exited with {code} after SIGINT, not 0")
        wait_for("the page to say the server stopped", lambda: page.js(
            "return document.getElementById('status').dataset.state") == "stopped", timeout=10)
        print("ok 9: SIGINT stopped the server with exit status 0; the page says so")
    finally:
        if page:
            page.driver.quit()
        server.kill()
        shutil.rmtree(folder, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser.add_argument("--pencilc", default=os.path.join(root, ".build/debug/pencilc"))
    parser.add_argument("--screenshot", nargs="?", const=os.path.join(root, "docs/pictures/preview.png"),
                        help="save a screenshot of the page (docs/pictures/preview.png when no path is given)")
    parser.add_argument("--require", action="store_true", help="fail instead of skipping without a browser")
    options = parser.parse_args()
    missing = MISSING or headless_chromium.missing()
    if missing:
        print(f"preview-browser-check: skipped, {missing} is missing")
        return 1 if options.require else 0
    # A bound on the whole check, whatever hangs.
    signal.signal(signal.SIGALRM, lambda *_: (_ for _ in ()).throw(Failure("the whole check took over 240 s")))
    signal.alarm(240)
    try:
        check(os.path.abspath(options.pencilc), options.screenshot)
    except Failure as failure:
        print(f"preview-browser-check: FAILED: {failure}")
        return 1
    finally:
        signal.alarm(0)
    print("preview-browser-check: 9 passed, 0 failed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
