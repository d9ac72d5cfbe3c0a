//! The stdio transport of `courtrules mcp`: one JSON-RPC message a line.
//!
//! rmcp's own line transport gives no answer to a line its JSON reader cannot read
//! (nested deeper than it goes, a number out of range, two messages on one line, not
//! JSON at all), nor to one over its length limit, so the client waits for ever; and it
//! answers other JSON it cannot read without an `id`. This one reads each line first: a
//! message goes on to the tool server; every other line that is not blank gets its
//! JSON-RPC error here, with the message's id when it can be found (by a scan that does
//! not need the whole line to be read) and `"id": null` when not. What JSON-RPC 2.0
//! never answers is not answered: a notification, and a response (so a peer that echoes
//! what it cannot read cannot start an endless exchange).

use super::jsonrpc::{classify_message, error_answer, misfit_method, objects_in, top_level_id};
use crate::http::extract::UTF8_BOM;
use rmcp::RoleServer;
use rmcp::model::{ClientJsonRpcMessage, ServerJsonRpcMessage};
use rmcp::transport::Transport;
use serde_json::Value;
use std::io;
use std::sync::Arc;
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::sync::{Mutex, mpsc};
use tokio::task::JoinHandle;

/// Where the stdio errors are described.
pub fn errors_url() -> String {
    crate::service::error::docs_page_url("mcp", "errors-over-stdio")
}

const SUGGESTION: &str = "Send one JSON-RPC 2.0 message (an object with \"jsonrpc\": \"2.0\" and a \"method\") per line, \
                          as an MCP client does.";

/// The output, shared by the tool server's answers and the reader's errors; whole lines
/// are written under the lock, so they never interleave.
type Output<W> = Arc<Mutex<Option<W>>>;

pub struct StdioTransport<W> {
    messages: mpsc::Receiver<ClientJsonRpcMessage>,
    output: Output<W>,
    reader: JoinHandle<()>,
}

impl<W: AsyncWrite + Send + Unpin + 'static> StdioTransport<W> {
    /// Reads messages from `read` in a task of its own (so a read is never cut short by
    /// the tool server's polling), at most `max_line_bytes` of a line.
    pub fn new<R: AsyncRead + Send + Unpin + 'static>(read: R, write: W, max_line_bytes: usize) -> Self {
        let output = Arc::new(Mutex::new(Some(write)));
        // A few messages ahead at most: each may be a line of many MiB.
        let (sender, messages) = mpsc::channel(2);
        let reader = tokio::spawn(read_messages(BufReader::new(read), Arc::clone(&output), sender, max_line_bytes));
        StdioTransport { messages, output, reader }
    }
}

impl<W> Drop for StdioTransport<W> {
    fn drop(&mut self) {
        self.reader.abort();
    }
}

impl<W: AsyncWrite + Send + Unpin + 'static> Transport<RoleServer> for StdioTransport<W> {
    type Error = io::Error;

    fn send(&mut self, item: ServerJsonRpcMessage) -> impl Future<Output = io::Result<()>> + Send + 'static {
        let output = Arc::clone(&self.output);
        async move { write_line(&output, serde_json::to_vec(&item)?).await }
    }

    async fn receive(&mut self) -> Option<ClientJsonRpcMessage> {
        self.messages.recv().await
    }

    async fn close(&mut self) -> io::Result<()> {
        self.output.lock().await.take();
        Ok(())
    }
}

async fn write_line<W: AsyncWrite + Unpin>(output: &Output<W>, mut line: Vec<u8>) -> io::Result<()> {
    line.push(b'\n');
    let mut output = output.lock().await;
    let output =
        output.as_mut().ok_or_else(|| io::Error::new(io::ErrorKind::NotConnected, "the transport is closed"))?;
    output.write_all(&line).await?;
    output.flush().await
}

/// Reads lines until the input ends (or the tool server stops taking messages).
async fn read_messages<R: AsyncRead + Unpin, W: AsyncWrite + Unpin>(
    mut read: BufReader<R>,
    output: Output<W>,
    messages: mpsc::Sender<ClientJsonRpcMessage>,
    max_line_bytes: usize,
) {
    let mut line = Vec::new();
    let mut started = false;
    loop {
        let answer = match read_line(&mut read, &mut line, max_line_bytes).await {
            Ok(Line::End) => return,
            Ok(Line::TooLong) => {
                tracing::warn!(max_line_bytes, "an MCP message over the line limit was refused");
                Some(vec![too_long(&line, max_line_bytes)])
            }
            Ok(Line::Whole) => match read_message(&line) {
                Read::Message(message) => match before_initialize(&mut started, &message) {
                    Some(refusal) => Some(vec![refusal]),
                    None => {
                        if messages.send(*message).await.is_err() {
                            return;
                        }
                        None
                    }
                },
                Read::Refused(answers) => Some(answers),
                Read::Ignored => None,
            },
            Err(error) => {
                tracing::error!(%error, "could not read the MCP client's input");
                return;
            }
        };
        // Give back the memory of a long line.
        if line.capacity() > 1024 * 1024 {
            line = Vec::new();
        }
        line.clear();
        for answer in answer.into_iter().flatten() {
            if write_line(&output, answer.to_string().into_bytes()).await.is_err() {
                return;
            }
        }
    }
}

enum Line {
    /// A whole line is read, without its newline.
    Whole,
    /// The line was longer than the limit: its first bytes are kept, the rest skipped.
    TooLong,
    End,
}

/// Reads one line into `line`, keeping at most `max` bytes of it: a longer line is read
/// to its end but not kept, so no line can exhaust memory. (`read_until` would keep it.)
async fn read_line<R: AsyncRead + Unpin>(read: &mut BufReader<R>, line: &mut Vec<u8>, max: usize) -> io::Result<Line> {
    let mut too_long = false;
    loop {
        let available = read.fill_buf().await?;
        if available.is_empty() {
            // The input ended; a last line without its newline is still a line.
            return Ok(match (too_long, line.is_empty()) {
                (true, _) => Line::TooLong,
                (false, true) => Line::End,
                (false, false) => Line::Whole,
            });
        }
        let newline = available.iter().position(|&byte| byte == b'\n');
        let content = &available[..newline.unwrap_or(available.len())];
        if !too_long {
            let room = max - line.len();
            too_long = content.len() > room;
            line.extend_from_slice(&content[..content.len().min(room)]);
        }
        let used = newline.map_or(available.len(), |at| at + 1);
        read.consume(used);
        if newline.is_some() {
            return Ok(if too_long { Line::TooLong } else { Line::Whole });
        }
    }
}

enum Read {
    Message(Box<ClientJsonRpcMessage>),
    /// The JSON-RPC errors answering the line: one, or one for each message of a line
    /// holding several.
    Refused(Vec<Value>),
    Ignored,
}

fn read_message(line: &[u8]) -> Read {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    let line = line.strip_prefix(UTF8_BOM).unwrap_or(line);
    if line.iter().all(u8::is_ascii_whitespace) {
        return Read::Ignored;
    }
    if let Ok(message) = serde_json::from_slice::<ClientJsonRpcMessage>(line)
        && misfit_method(&message).is_none()
    {
        return Read::Message(Box::new(message));
    }
    if let Some(why) = never_answered(line) {
        tracing::debug!("ignoring {why} this server does not read");
        return Read::Ignored;
    }
    let (code, id, message) = classify_message(line);
    let answer = |id| error_answer(code, id, message.clone(), SUGGESTION, errors_url());
    // Several messages on the line (no reader takes them): each is answered, so that no
    // request of them is left waiting.
    let several = objects_in(line);
    if code == -32700 && several.len() > 1 {
        let answers: Vec<Value> = several
            .into_iter()
            .filter(|object| never_answered(object).is_none())
            .map(|object| answer(top_level_id(object).unwrap_or(Value::Null)))
            .collect();
        if !answers.is_empty() {
            return Read::Refused(answers);
        }
    }
    Read::Refused(vec![answer(id)])
}

/// The error for a request sent before the session has started (`initialize`), in words
/// that say so: the tool server's own ("request _meta is missing or has malformed required
/// fields: …") names fields of a request without a session, which a person typing
/// JSON-RPC by hand, or a client that skipped the handshake, would not know to look for.
/// `ping`, notifications and requests that carry the protocol version in their `_meta`
/// go on to the tool server, which reads them as it does.
fn before_initialize(started: &mut bool, message: &ClientJsonRpcMessage) -> Option<Value> {
    if *started {
        return None;
    }
    let message = serde_json::to_value(message).ok()?;
    let id = message.get("id")?.clone();
    match message["method"].as_str() {
        Some("initialize") => {
            *started = true;
            None
        }
        Some("ping") => None,
        _ if message["params"]["_meta"].get("io.modelcontextprotocol/protocolVersion").is_some() => None,
        method => Some(error_answer(
            -32602,
            id,
            format!("the session has not started: send `initialize` before `{}`", method.unwrap_or_default()),
            "Begin with an `initialize` request and then the `notifications/initialized` notification, as an MCP \
             client does when it connects; then list the tools (`tools/list`) or call one (`tools/call`).",
            errors_url(),
        )),
    }
}

/// What the JSON-RPC message `text` is when JSON-RPC 2.0 never answers it, even when
/// this server cannot read it: a notification (no `id`), or a response. (Answering a
/// response could start an endless exchange with a peer that echoes what it cannot read.)
fn never_answered(text: &[u8]) -> Option<&'static str> {
    let Ok(Value::Object(object)) = serde_json::from_slice::<Value>(text) else { return None };
    match object.get("method") {
        Some(Value::String(_)) if object.get("jsonrpc") == Some(&Value::from("2.0")) && !object.contains_key("id") => {
            Some("a notification")
        }
        None if object.contains_key("result") || object.contains_key("error") => Some("a response"),
        _ => None,
    }
}

/// The error answering a line over the limit: with the message's id when it comes
/// before the cut, as it does in the messages MCP clients write.
fn too_long(start: &[u8], max_line_bytes: usize) -> Value {
    let message = format!("Invalid Request: the message is longer than the {max_line_bytes}-byte limit of a line");
    let suggestion = format!(
        "Send a smaller message: classify_document takes a PDF of at most {} bytes, which base64 makes a third \
         larger; every other tool's arguments are far smaller.",
        super::STDIO_MAX_PDF_BYTES
    );
    error_answer(-32600, top_level_id(start).unwrap_or(Value::Null), message, &suggestion, errors_url())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt, DuplexStream};

    /// A transport fed by `client_in`, answering on `client_out`.
    fn transport(max_line_bytes: usize) -> (StdioTransport<DuplexStream>, DuplexStream, BufReader<DuplexStream>) {
        let (client_in, server_in) = tokio::io::duplex(1024 * 1024);
        let (server_out, client_out) = tokio::io::duplex(1024 * 1024);
        (StdioTransport::new(server_in, server_out, max_line_bytes), client_in, BufReader::new(client_out))
    }

    async fn answer(out: &mut BufReader<DuplexStream>) -> Value {
        let mut line = String::new();
        out.read_line(&mut line).await.unwrap();
        serde_json::from_str(&line).unwrap()
    }

    fn ping(id: u32) -> Vec<u8> {
        format!("{{\"jsonrpc\":\"2.0\",\"id\":{id},\"method\":\"ping\"}}\n").into_bytes()
    }

    async fn is_ping(transport: &mut StdioTransport<DuplexStream>, id: u32) -> bool {
        let message = transport.receive().await.unwrap();
        serde_json::to_value(&message).unwrap() == json!({"jsonrpc": "2.0", "id": id, "method": "ping"})
    }

    #[tokio::test]
    async fn a_line_nested_too_deep_is_answered_and_the_next_is_read() {
        let (mut transport, mut input, mut output) = transport(1024);
        let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
        let line = format!("{{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{deep}}}\n{deep}\n");
        input.write_all(line.as_bytes()).await.unwrap();
        input.write_all(&ping(2)).await.unwrap();
        let first = answer(&mut output).await;
        assert_eq!((&first["id"], &first["error"]["code"]), (&json!(1), &json!(-32700)), "{first}");
        assert!(first["error"]["data"]["docs_url"].as_str().unwrap().ends_with("/docs/mcp#errors-over-stdio"));
        let second = answer(&mut output).await;
        assert_eq!((&second["id"], &second["error"]["code"]), (&Value::Null, &json!(-32700)), "{second}");
        assert!(is_ping(&mut transport, 2).await);
    }

    #[tokio::test]
    async fn invalid_requests_are_answered_with_their_id_or_null() {
        let (mut transport, mut input, mut output) = transport(1024);
        let lines = [
            (r#"{"jsonrpc":"1.0","id":1,"method":"tools/list"}"#, json!(1), -32600),
            (r#"{"a":1}"#, Value::Null, -32600),
            (r#"[{"jsonrpc":"2.0","id":2,"method":"ping"}]"#, Value::Null, -32600),
            (r#"{"jsonrpc":"2.0","id":"x","method":"tools/call","params":{}}"#, json!("x"), -32602),
        ];
        for (line, id, code) in lines {
            input.write_all(format!("{line}\r\n").as_bytes()).await.unwrap();
            let answer = answer(&mut output).await;
            assert_eq!(answer.get("id"), Some(&id), "{line}: {answer}");
            assert_eq!(answer["error"]["code"], json!(code), "{line}: {answer}");
        }
        // Blank lines and a notification: no answer; the next message is read.
        input.write_all(b"\n  \r\n{\"jsonrpc\":\"2.0\",\"method\":\"notifications/x\",\"params\":5}\n").await.unwrap();
        input.write_all(&ping(3)).await.unwrap();
        assert!(is_ping(&mut transport, 3).await);
        let pong: ServerJsonRpcMessage =
            serde_json::from_value(json!({"jsonrpc": "2.0", "id": 3, "result": {}})).unwrap();
        transport.send(pong).await.unwrap();
        assert_eq!(answer(&mut output).await, json!({"jsonrpc": "2.0", "id": 3, "result": {}}));
    }

    /// Every line that is not blank is answered, however the JSON reader fails on it:
    /// with the request's id when a scan finds it, else null; and the next is read.
    #[tokio::test]
    async fn a_line_the_json_reader_cannot_read_is_answered_with_its_id() {
        let (mut transport, mut input, mut output) = transport(4096);
        let lines: [(&str, &[Value], &str); 6] = [
            (
                r#"{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"get_holidays","arguments":{"district_id":"sdny","year":1e400}}}"#,
                &[json!(9)],
                "a number in the message is too large to read (number out of range at line 1 column",
            ),
            (
                r#"{"jsonrpc":"2.0","id":4,"method":"ping"}{"jsonrpc":"2.0","id":5,"method":"ping"}"#,
                &[json!(4), json!(5)],
                "more follows the message (trailing characters at line 1 column 41)",
            ),
            // A notification among them is not answered; a request without a readable id is.
            (
                r#"{"jsonrpc":"2.0","method":"notifications/initialized"} {"jsonrpc":"2.0","id":[],"method":"ping"}"#,
                &[Value::Null],
                "more follows the message",
            ),
            (r#"{"jsonrpc":"2.0","id":"a\"b","method":"ping","params":{"x":tru}}"#, &[json!("a\"b")], "not JSON"),
            (r#"{"jsonrpc":"2.0","id":6,"method":"ping""#, &[json!(6)], "EOF while parsing"),
            ("hello", &[Value::Null], "Parse error: the message is not JSON: expected value at line 1 column 1"),
        ];
        for (line, ids, said) in lines {
            input.write_all(format!("{line}\n").as_bytes()).await.unwrap();
            for id in ids {
                let answer = answer(&mut output).await;
                assert_eq!((&answer["id"], &answer["error"]["code"]), (id, &json!(-32700)), "{line}: {answer}");
                assert!(answer["error"]["message"].as_str().unwrap().contains(said), "{line}: {answer}");
                assert!(answer["error"]["data"]["docs_url"].as_str().unwrap().ends_with("/docs/mcp#errors-over-stdio"));
            }
        }
        input.write_all(&ping(10)).await.unwrap();
        assert!(is_ping(&mut transport, 10).await);
        // Nothing else was answered meanwhile.
        let pong: ServerJsonRpcMessage =
            serde_json::from_value(json!({"jsonrpc": "2.0", "id": 10, "result": {}})).unwrap();
        transport.send(pong).await.unwrap();
        assert_eq!(answer(&mut output).await["id"], json!(10));
    }

    /// JSON-RPC 2.0 answers neither a notification nor a response, even one this server
    /// cannot read: an error echoed back by a peer starts no endless exchange.
    #[test]
    fn notifications_and_responses_are_never_answered() {
        for (line, read) in [
            (r#"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"x"}}"#, Some("a response")),
            (r#"{"jsonrpc":"2.0","result":{}}"#, Some("a response")),
            (r#"{"jsonrpc":"2.0","method":"notifications/x","params":5}"#, Some("a notification")),
            (r#"{"jsonrpc":"2.0","id":1,"method":"x","params":5}"#, None),
            (r#"{"jsonrpc":"2.0","method":5}"#, None),
            (r#"{"a":1}"#, None),
            ("hello", None),
        ] {
            assert_eq!(never_answered(line.as_bytes()), read, "{line}");
            if read.is_some() {
                assert!(matches!(read_message(line.as_bytes()), Read::Ignored | Read::Message(_)), "{line}");
            }
        }
    }

    #[tokio::test]
    async fn a_line_over_the_limit_is_answered_without_being_kept() {
        let (mut transport, mut input, mut output) = transport(100);
        let head = r#"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"classify_document","arguments":{"pdf_base64":""#;
        let line = format!("{head}{}\"}}}}}}\n", "A".repeat(3 * 1024 * 1024));
        let writer = tokio::spawn(async move {
            input.write_all(line.as_bytes()).await.unwrap();
            input.write_all(&ping(8)).await.unwrap();
            input.write_all(b"{\"jsonrpc\":\"2.0\",\"method\":\"x\",\"id\":9,\"params\":\"").await.unwrap();
            input.write_all(&[b'A'; 200]).await.unwrap();
            input.shutdown().await.unwrap();
        });
        let refused = answer(&mut output).await;
        assert_eq!((&refused["id"], &refused["error"]["code"]), (&json!(7), &json!(-32600)), "{refused}");
        assert!(refused["error"]["message"].as_str().unwrap().contains("longer than the 100-byte limit"), "{refused}");
        assert!(is_ping(&mut transport, 8).await);
        // A last line over the limit, without its newline, is answered too; then the input ends.
        writer.await.unwrap();
        let last = answer(&mut output).await;
        assert_eq!(last["id"], json!(9), "{last}");
        assert!(transport.receive().await.is_none());
    }

    /// The `docs_url` of the stdio errors lands on a section of docs/mcp.md, which states
    /// the line limit.
    #[test]
    fn the_errors_section_exists_and_states_the_limit() {
        let docs = include_str!("../../../docs/mcp.md");
        assert!(docs.contains("\n## Errors over stdio\n") && errors_url().ends_with("/docs/mcp#errors-over-stdio"));
        assert_eq!(crate::mcp::STDIO_MAX_LINE_BYTES, 31_806_808);
        assert!(docs.contains("longer than 31,806,808 bytes") && docs.contains("31806808-byte limit of a line"));
    }

    /// A request before `initialize` is answered here, saying to start the session;
    /// `ping` goes on, and so does everything once `initialize` has.
    #[tokio::test]
    async fn a_request_before_initialize_is_told_to_start_the_session() {
        let (mut transport, mut input, mut output) = transport(4096);
        input.write_all(b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}\n").await.unwrap();
        let refused = answer(&mut output).await;
        assert_eq!((&refused["id"], &refused["error"]["code"]), (&json!(1), &json!(-32602)), "{refused}");
        let said = refused["error"]["message"].as_str().unwrap();
        assert_eq!(said, "the session has not started: send `initialize` before `tools/list`");
        assert!(refused["error"]["data"]["suggestion"].as_str().unwrap().contains("notifications/initialized"));
        input.write_all(&ping(2)).await.unwrap();
        assert!(is_ping(&mut transport, 2).await);
        let initialize = json!({"jsonrpc": "2.0", "id": 3, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}}});
        input.write_all(format!("{initialize}\n").as_bytes()).await.unwrap();
        let received = serde_json::to_value(transport.receive().await.unwrap()).unwrap();
        assert_eq!(received["method"], "initialize", "{received}");
        input.write_all(b"{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/list\"}\n").await.unwrap();
        let received = serde_json::to_value(transport.receive().await.unwrap()).unwrap();
        assert_eq!((&received["id"], &received["method"]), (&json!(4), &json!("tools/list")), "{received}");
    }

    #[tokio::test]
    async fn a_line_at_the_limit_is_read() {
        let (mut transport, mut input, _output) = transport(ping(1).len() - 1);
        input.write_all(&ping(1)).await.unwrap();
        assert!(is_ping(&mut transport, 1).await);
    }
}
