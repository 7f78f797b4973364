/// The page `GET /` serves. A placeholder: the real page (drawing the
/// picture from `/events`, keeping zoom and scroll) replaces this file.
enum PreviewPage {
  static let html = """
    <!doctype html>
    <html><head><meta charset="utf-8"><title>pencilc preview</title></head>
    <body><p>pencilc preview (placeholder page)</p><div id="picture"></div>
    <script>
    const events = new EventSource("/events");
    events.addEventListener("state", (e) => {
      const state = JSON.parse(e.data);
      if (state.svg !== null) document.getElementById("picture").innerHTML = state.svg;
    });
    </script></body></html>

    """
}
