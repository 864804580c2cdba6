"""What a person does on the emulator's Apple and Google pages, shared by the browser checks."""


def apple_pages(browser, apple_id, first_time, cancel=False):
    """Answers Apple's pages: the Apple ID, then the first-time sheet or Continue."""
    browser.wait_for("document.querySelector('#apple_id') !== null", "Apple's Apple ID step")
    if cancel:
        browser.evaluate("document.querySelector('button[value=cancel]').click()")
        return
    browser.fill("#apple_id", apple_id)
    browser.click("button[type=submit]")
    if first_time:
        if "Create an account" not in browser.text():
            raise AssertionError("Apple: the first time shows the account sheet")
        browser.fill("#first_name", "Ada")
        browser.fill("#last_name", "Lovelace")
        browser.check("input[name=email_choice][value=hide]")
    else:
        if "Do you want to continue" not in browser.text():
            raise AssertionError("Apple: a returning sign-in only asks to continue")
    browser.evaluate("document.querySelector('button[value=continue]').click()")


def google_page(browser, email, cancel=False):
    """Answers Google's page: the account and its name, or Cancel."""
    browser.wait_for("document.querySelector('#email') !== null", "Google's sign-in page")
    if cancel:
        browser.evaluate("document.querySelector('button[value=cancel]').click()")
        return
    browser.fill("#email", email)
    browser.fill("#name", "Grace Hopper")
    browser.evaluate("document.querySelector('button[value=continue]').click()")
