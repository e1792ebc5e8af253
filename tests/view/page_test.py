#!/usr/bin/python3
"""grove view's pages in a real browser (headless Chromium through Selenium).

For every game: a page of a short random game with one deliberately broken
check loads with no console errors, the arrow keys, Home, End and F step
through it and the table changes, and a screenshot of the table is a
picture rather than a blank box. The screenshots are kept in OUT for a
person to look at.

Usage: page_test.py GROVE OUT
"""

import json
import os
import subprocess
import sys
import tempfile

try:
    from PIL import Image
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
except ImportError as missing:
    print(f"skipped: {missing} (tools/install-deps.sh tests installs python3-selenium "
          "and python3-pil)")
    sys.exit(77)

MOVES = 12
# Text that would end or swallow the page's script were it not written
# safely: the page must still work and show it as text.
TITLE = "</script><!--<script> <b>{game}</b>, {moves} random moves and a check that cannot hold"

SCENARIO = """title: '{title}'
game: {game}
players: 2
seed: 11
steps:
  - random: {moves}
  - expect: {{legal_moves_exclude: ["{move}"]}}
"""


def browser(downloads):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    # As the machine's network is closed, Chromium must not try to reach it.
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync",
                 "--window-size=1280,1000", "--user-data-dir=" + downloads):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def page_data(path):
    text = open(path, encoding="utf-8").read()
    start = text.index("const game = ") + len("const game = ")
    end = text.index(";\n", start)
    return json.loads(text[start:end])


class Failure(Exception):
    pass


def expect(condition, message):
    if not condition:
        raise Failure(message)


def check_game(driver, grove, game, folder, out):
    scenario = os.path.join(folder, game + ".yaml")
    with open(scenario, "w") as file:
        file.write(SCENARIO.format(title=TITLE.format(game=game, moves=MOVES), game=game,
                                   moves=MOVES, move="no such move"))
    page = os.path.join(folder, game + ".html")
    made = subprocess.run([grove, "view", scenario, "-o", page], capture_output=True, text=True)
    expect(made.returncode == 0, f"grove view {scenario}: {made.stdout}{made.stderr}")
    data = page_data(page)
    expect(len(data["steps"]) == MOVES + 1,
           f"{game}: {len(data['steps'])} steps on the page for {MOVES} moves")
    expect(data["failed"], f"{game}: the broken check is not a failure on the page")

    driver.get("file://" + page)
    body = driver.find_element(By.TAG_NAME, "body")
    board = driver.find_element(By.ID, "board")
    step = lambda: int(body.get_attribute("data-step"))
    expect(step() == 0, f"{game}: the page does not open at the start")
    expect(driver.find_element(By.ID, "title").text == TITLE.format(game=game, moves=MOVES),
           f"{game}: the title is not shown as the text it is")
    start = board.get_attribute("innerHTML")
    expect("<svg" in start, f"{game}: the table is not drawn as a picture")

    body.send_keys(Keys.ARROW_RIGHT)
    expect(step() == 1, f"{game}: the right arrow did not go to step 1")
    expect(driver.find_element(By.ID, "move").text != "The start",
           f"{game}: step 1 does not name its move")
    body.send_keys(Keys.END)
    expect(step() == MOVES, f"{game}: End went to step {step()}, not {MOVES}")
    expect(board.get_attribute("innerHTML") != start,
           f"{game}: the table at the end is drawn as at the start")
    body.send_keys(Keys.HOME)
    expect(step() == 0, f"{game}: Home did not go back to the start")
    expect(board.get_attribute("innerHTML") == start, f"{game}: the start is drawn otherwise")
    body.send_keys("f")
    expect(step() == MOVES, f"{game}: F went to step {step()}, not to the failing check")
    broken = driver.find_elements(By.CSS_SELECTOR, "#checks-here li.broken")
    expect(len(broken) == 1 and "no such move" in broken[0].text,
           f"{game}: the failing check is not shown where it failed")
    driver.find_element(By.ID, "first").click()
    expect(step() == 0, f"{game}: the first-step button did not go to the start")
    driver.find_element(By.ID, "next").click()
    expect(step() == 1, f"{game}: the next-step button did not go to step 1")

    errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    expect(not errors, f"{game}: console errors: {errors}")

    shot = os.path.join(out, game + ".png")
    body.send_keys(Keys.END)
    board.screenshot(shot)
    image = Image.open(shot).convert("RGB")
    colours = image.getcolors(maxcolors=1 << 20)
    expect(image.width > 200 and image.height > 100,
           f"{game}: the table's screenshot is {image.width}x{image.height}")
    expect(colours is not None and len(colours) > 8,
           f"{game}: the table's screenshot has {len(colours or [])} colours: blank")
    print(f"ok   {game}: {len(data['steps'])} steps, {len(data['pictures'])} pictures, "
          f"screenshot {shot} ({image.width}x{image.height}, {len(colours)} colours)")


def main():
    grove, out = sys.argv[1], sys.argv[2]
    for program in ("/usr/bin/chromium", "/usr/bin/chromedriver"):
        if not os.path.exists(program):
            print(f"skipped: {program} is not installed (tools/install-deps.sh tests installs it)")
            return 77
    os.makedirs(out, exist_ok=True)
    failures = 0
    with tempfile.TemporaryDirectory() as folder:
        driver = browser(os.path.join(folder, "profile"))
        try:
            games = sys.argv[3:] or subprocess.run(
                [grove, "games", "--names"], capture_output=True, text=True,
                check=True).stdout.split()
            for game in games:
                try:
                    check_game(driver, grove, game, folder, out)
                except Failure as failure:
                    failures += 1
                    print(f"FAIL {failure}")
        finally:
            driver.quit()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
