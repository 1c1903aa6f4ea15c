// Reference server for the dotnet stack: ASP.NET Core minimal API on Kestrel, Microsoft.Data.Sqlite,
// System.Text.Json source generation, Native AOT.
//
// Written to the ASP.NET Core, Microsoft.Data.Sqlite and Native AOT documentation; never compiled
// where this package was made (no .NET SDK can be installed there). See README.md.
//
// Connection policy (servers/README.md): one write connection, writes serialized by a semaphore of
// one; a read pool of one connection per available core, handed out under a semaphore of that
// size. Requests run on the .NET thread pool, and the semaphores (awaited, so no thread blocks on
// them) let at most 1 + cores requests touch SQLite at once. Each connection prepares its
// statements once, when it is opened, and reuses them.

using System.Collections.Concurrent;
using System.Runtime;
using System.Runtime.InteropServices;
using System.Text.Json;
using System.Text.Json.Serialization;
using Microsoft.Data.Sqlite;

var bind = Env("BIND", "127.0.0.1");
var port = int.Parse(Env("PORT", "8080"), System.Globalization.CultureInfo.InvariantCulture);
// Environment.ProcessorCount honours the affinity mask and the cgroup CPU quota; one process
var readConnections = Math.Max(1, Environment.ProcessorCount);
var db = new Database(Env("DB_PATH", "./items.db"), readConnections);

var builder = WebApplication.CreateSlimBuilder(args);
builder.WebHost.UseUrls($"http://{bind}:{port}");
builder.Services.ConfigureHttpJsonOptions(o => o.SerializerOptions.TypeInfoResolverChain.Insert(0, AppJsonContext.Default));
var app = builder.Build();

// An exception the handlers did not expect: logged, and answered 500 without its message.
app.Use(async (context, next) =>
{
    try
    {
        await next(context);
    }
    catch (Exception e) when (!context.Response.HasStarted)
    {
        app.Logger.LogError(e, "internal error");
        context.Response.Clear();
        context.Response.StatusCode = StatusCodes.Status500InternalServerError;
        await context.Response.WriteAsJsonAsync(new ErrorBody("internal error"), AppJsonContext.Default.ErrorBody);
    }
});

const string Text = "text/plain; charset=utf-8";
const long DefaultLimit = 100, MaxLimit = 1000;

app.MapGet("/health", () => Results.Text("ok", Text));
app.MapGet("/", () => Results.Text("Hello, World!", Text));

app.MapGet("/diag", async () =>
{
    var (version, pragmas) = await db.Read(c => c.Diagnostics());
    return Results.Json(new Diag(
        version,
        pragmas,
        RuntimeInformation.FrameworkDescription,
        "ASP.NET Core " + typeof(WebApplication).Assembly.GetName().Version,
        new Connections(readConnections, 1),
        new DotnetGc(GCSettings.IsServerGC ? "server" : "workstation", GCSettings.LatencyMode.ToString())),
        AppJsonContext.Default.Diag);
});

app.MapPost("/items", async (HttpRequest request) =>
{
    var (input, error) = await ReadItem(request);
    if (input is null) return Error(400, error!);
    var created = await db.Write(c => c.Create(input));
    return Results.Json(created, AppJsonContext.Default.Item, statusCode: 201);
});

app.MapGet("/items", async (HttpRequest request) =>
{
    if (!QueryInt(request, "limit", DefaultLimit, 1, MaxLimit, out var limit, out var error)
        || !QueryInt(request, "offset", 0, 0, long.MaxValue, out var offset, out error))
    {
        return Error(400, error);
    }
    var items = await db.Read(c => c.List(limit, offset));
    return Results.Json(items, AppJsonContext.Default.ListItem);
});

app.MapGet("/items/{id}", async (string id) =>
{
    if (!long.TryParse(id, System.Globalization.NumberStyles.AllowLeadingSign, System.Globalization.CultureInfo.InvariantCulture, out var n))
    {
        return Error(400, $"id must be an integer, found '{id}'");
    }
    var found = await db.Read(c => c.Get(n));
    return found is null ? Error(404, "not found") : Results.Json(found, AppJsonContext.Default.Item);
});

app.MapPut("/items/{id}", async (string id, HttpRequest request) =>
{
    if (!long.TryParse(id, System.Globalization.NumberStyles.AllowLeadingSign, System.Globalization.CultureInfo.InvariantCulture, out var n))
    {
        return Error(400, $"id must be an integer, found '{id}'");
    }
    var (input, error) = await ReadItem(request);
    if (input is null) return Error(400, error!);
    var updated = await db.Write(c => c.Update(n, input));
    return updated is null ? Error(404, "not found") : Results.Json(updated, AppJsonContext.Default.Item);
});

app.MapDelete("/items/{id}", async (string id) =>
{
    if (!long.TryParse(id, System.Globalization.NumberStyles.AllowLeadingSign, System.Globalization.CultureInfo.InvariantCulture, out var n))
    {
        return Error(400, $"id must be an integer, found '{id}'");
    }
    var deleted = await db.Write(c => c.Delete(n));
    return deleted ? Results.NoContent() : Error(404, "not found");
});

app.Run();

static string Env(string name, string fallback) =>
    Environment.GetEnvironmentVariable(name) is { Length: > 0 } v ? v : fallback;

static IResult Error(int status, string message) =>
    Results.Json(new ErrorBody(message), AppJsonContext.Default.ErrorBody, statusCode: status);

static bool QueryInt(HttpRequest request, string name, long fallback, long min, long max, out long value, out string error)
{
    error = "";
    value = fallback;
    if (!request.Query.TryGetValue(name, out var raw)) return true;
    if (long.TryParse(raw.ToString(), System.Globalization.NumberStyles.AllowLeadingSign,
            System.Globalization.CultureInfo.InvariantCulture, out value) && value >= min && value <= max)
    {
        return true;
    }
    error = $"{name} must be an integer in [{min}, {max}], found '{raw}'";
    return false;
}

// The item fields of a request body, each checked for presence and JSON type: the body is read as
// a JsonDocument rather than bound to a type, because binding would accept "9.99" as a price
// (ASP.NET Core's web defaults read numbers from strings).
static async Task<(ItemInput? Input, string? Error)> ReadItem(HttpRequest request)
{
    JsonDocument doc;
    try
    {
        doc = await JsonDocument.ParseAsync(request.Body);
    }
    catch (JsonException e)
    {
        return (null, "invalid JSON: " + e.Message);
    }
    using (doc)
    {
        var root = doc.RootElement;
        if (root.ValueKind != JsonValueKind.Object) return (null, "expected a JSON object");
        string? missing = null;
        foreach (var f in new[] { "name", "description", "price", "quantity" })
        {
            if (!root.TryGetProperty(f, out var v) || v.ValueKind == JsonValueKind.Null) { missing = f; break; }
        }
        if (missing is not null) return (null, "missing field: " + missing);
        var name = root.GetProperty("name");
        var description = root.GetProperty("description");
        var price = root.GetProperty("price");
        var quantity = root.GetProperty("quantity");
        if (name.ValueKind != JsonValueKind.String) return (null, "name must be a string");
        if (description.ValueKind != JsonValueKind.String) return (null, "description must be a string");
        if (price.ValueKind != JsonValueKind.Number || !price.TryGetDouble(out var p)) return (null, "price must be a number");
        if (quantity.ValueKind != JsonValueKind.Number || !quantity.TryGetInt64(out var q)) return (null, "quantity must be an integer");
        return (new ItemInput(name.GetString()!, description.GetString()!, p, q), null);
    }
}

record ItemInput(string Name, string Description, double Price, long Quantity);

record Item(
    [property: JsonPropertyName("id")] long Id,
    [property: JsonPropertyName("name")] string Name,
    [property: JsonPropertyName("description")] string Description,
    [property: JsonPropertyName("price")] double Price,
    [property: JsonPropertyName("quantity")] long Quantity);

record ErrorBody([property: JsonPropertyName("error")] string Error);

record Pragmas(
    [property: JsonPropertyName("journal_mode")] string JournalMode,
    [property: JsonPropertyName("synchronous")] long Synchronous,
    [property: JsonPropertyName("busy_timeout")] long BusyTimeout,
    [property: JsonPropertyName("cache_size")] long CacheSize,
    [property: JsonPropertyName("temp_store")] long TempStore,
    [property: JsonPropertyName("mmap_size")] long MmapSize);

record Connections([property: JsonPropertyName("read")] int Read, [property: JsonPropertyName("write")] int Write);

record DotnetGc([property: JsonPropertyName("mode")] string Mode, [property: JsonPropertyName("latency_mode")] string LatencyMode);

record Diag(
    [property: JsonPropertyName("sqlite_version")] string SqliteVersion,
    [property: JsonPropertyName("pragmas")] Pragmas Pragmas,
    [property: JsonPropertyName("runtime")] string Runtime,
    [property: JsonPropertyName("framework")] string Framework,
    [property: JsonPropertyName("connections")] Connections Connections,
    [property: JsonPropertyName("gc")] DotnetGc Gc);

[JsonSerializable(typeof(Item))]
[JsonSerializable(typeof(List<Item>))]
[JsonSerializable(typeof(ErrorBody))]
[JsonSerializable(typeof(Diag))]
internal partial class AppJsonContext : JsonSerializerContext
{
}

/// <summary>One connection and its statements, prepared once; used by one request at a time.</summary>
sealed class Conn : IDisposable
{
    static readonly string[] PragmaNames = ["journal_mode", "synchronous", "busy_timeout", "cache_size", "temp_store", "mmap_size"];

    const string Columns = "id, name, description, price, quantity";

    readonly SqliteConnection connection;
    readonly SqliteCommand insert, get, list, update, delete;

    public Conn(string path, bool createSchema)
    {
        // Pooling off: each Conn is one long-lived connection of the policy's own pool.
        // Default Timeout 5 s matches busy_timeout (Microsoft.Data.Sqlite retries SQLITE_BUSY itself).
        var cs = new SqliteConnectionStringBuilder { DataSource = path, Pooling = false, DefaultTimeout = 5 }.ToString();
        connection = new SqliteConnection(cs);
        connection.Open();
        Execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000; "
                + "PRAGMA cache_size = -2000; PRAGMA temp_store = MEMORY; PRAGMA mmap_size = 0;");
        if (createSchema)
        {
            Execute("CREATE TABLE IF NOT EXISTS items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, "
                    + "description TEXT NOT NULL, price REAL NOT NULL, quantity INTEGER NOT NULL)");
        }
        insert = Prepare("INSERT INTO items (name, description, price, quantity) VALUES ($name, $description, $price, $quantity) RETURNING id",
            ("$name", SqliteType.Text), ("$description", SqliteType.Text), ("$price", SqliteType.Real), ("$quantity", SqliteType.Integer));
        get = Prepare($"SELECT {Columns} FROM items WHERE id = $id", ("$id", SqliteType.Integer));
        list = Prepare($"SELECT {Columns} FROM items ORDER BY id LIMIT $limit OFFSET $offset",
            ("$limit", SqliteType.Integer), ("$offset", SqliteType.Integer));
        update = Prepare("UPDATE items SET name = $name, description = $description, price = $price, quantity = $quantity WHERE id = $id",
            ("$name", SqliteType.Text), ("$description", SqliteType.Text), ("$price", SqliteType.Real), ("$quantity", SqliteType.Integer),
            ("$id", SqliteType.Integer));
        delete = Prepare("DELETE FROM items WHERE id = $id", ("$id", SqliteType.Integer));
    }

    void Execute(string sql)
    {
        using var c = connection.CreateCommand();
        c.CommandText = sql;
        c.ExecuteNonQuery();
    }

    // A command keeps its compiled statement between executions as long as its text is unchanged;
    // Prepare() compiles it now rather than on first use.
    SqliteCommand Prepare(string sql, params (string Name, SqliteType Type)[] parameters)
    {
        var c = connection.CreateCommand();
        c.CommandText = sql;
        foreach (var (name, type) in parameters) c.Parameters.Add(name, type);
        c.Prepare();
        return c;
    }

    static Item Read(SqliteDataReader r) =>
        new(r.GetInt64(0), r.GetString(1), r.GetString(2), r.GetDouble(3), r.GetInt64(4));

    public Item Create(ItemInput i)
    {
        Bind(insert, i);
        var id = (long)insert.ExecuteScalar()!;
        return new Item(id, i.Name, i.Description, i.Price, i.Quantity);
    }

    public Item? Get(long id)
    {
        get.Parameters["$id"].Value = id;
        using var r = get.ExecuteReader();
        return r.Read() ? Read(r) : null;
    }

    public List<Item> List(long limit, long offset)
    {
        list.Parameters["$limit"].Value = limit;
        list.Parameters["$offset"].Value = offset;
        var items = new List<Item>();
        using var r = list.ExecuteReader();
        while (r.Read()) items.Add(Read(r));
        return items;
    }

    public Item? Update(long id, ItemInput i)
    {
        Bind(update, i);
        update.Parameters["$id"].Value = id;
        return update.ExecuteNonQuery() == 0 ? null : new Item(id, i.Name, i.Description, i.Price, i.Quantity);
    }

    public bool Delete(long id)
    {
        delete.Parameters["$id"].Value = id;
        return delete.ExecuteNonQuery() > 0;
    }

    /// <summary>The SQLite version and the pragmas in effect, read back with PRAGMA queries.</summary>
    public (string Version, Pragmas Pragmas) Diagnostics()
    {
        using var c = connection.CreateCommand();
        c.CommandText = "SELECT sqlite_version()";
        var version = (string)c.ExecuteScalar()!;
        var values = new Dictionary<string, object>();
        foreach (var name in PragmaNames)
        {
            c.CommandText = "PRAGMA " + name;
            values[name] = c.ExecuteScalar()!;
        }
        return (version, new Pragmas(
            ((string)values["journal_mode"]).ToLowerInvariant(),
            Convert.ToInt64(values["synchronous"], System.Globalization.CultureInfo.InvariantCulture),
            Convert.ToInt64(values["busy_timeout"], System.Globalization.CultureInfo.InvariantCulture),
            Convert.ToInt64(values["cache_size"], System.Globalization.CultureInfo.InvariantCulture),
            Convert.ToInt64(values["temp_store"], System.Globalization.CultureInfo.InvariantCulture),
            Convert.ToInt64(values["mmap_size"], System.Globalization.CultureInfo.InvariantCulture)));
    }

    static void Bind(SqliteCommand c, ItemInput i)
    {
        c.Parameters["$name"].Value = i.Name;
        c.Parameters["$description"].Value = i.Description;
        c.Parameters["$price"].Value = i.Price;
        c.Parameters["$quantity"].Value = i.Quantity;
    }

    public void Dispose() => connection.Dispose();
}

/// <summary>The connection policy: one writer behind a semaphore of one, a pool of readers.</summary>
sealed class Database
{
    readonly Conn writer;
    readonly SemaphoreSlim writeGate = new(1, 1);
    readonly ConcurrentBag<Conn> readers = new();
    readonly SemaphoreSlim readGate;

    public Database(string path, int readConnections)
    {
        writer = new Conn(path, createSchema: true);
        for (var i = 0; i < readConnections; i++) readers.Add(new Conn(path, createSchema: false));
        readGate = new SemaphoreSlim(readConnections, readConnections);
    }

    public async Task<T> Read<T>(Func<Conn, T> work)
    {
        await readGate.WaitAsync();
        // the semaphore guarantees a free connection
        readers.TryTake(out var c);
        try
        {
            return work(c!);
        }
        finally
        {
            readers.Add(c!);
            readGate.Release();
        }
    }

    public async Task<T> Write<T>(Func<Conn, T> work)
    {
        await writeGate.WaitAsync();
        try
        {
            return work(writer);
        }
        finally
        {
            writeGate.Release();
        }
    }
}
