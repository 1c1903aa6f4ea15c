# Whether Ruby's MJIT compiles here (stack.json "toolchain_check"): it needs a C compiler and the
# header Debian ships in ruby3.1-dev (rb_mjit_min_header-<version>.h under rubyarchhdrdir);
# without them `ruby --mjit` runs the interpreter alone and says so only under --mjit-verbose,
# so a stack measured that way would be ruby-puma under another name. Runs a method twice under
# --mjit-min-calls=1 and --mjit-wait, and exits 0 when MJIT reports "JIT success"; otherwise
# prints why on its last line and exits 1.
require "open3"
require "rbconfig"

header = File.join(RbConfig::CONFIG["rubyarchhdrdir"], "rb_mjit_min_header-#{RUBY_VERSION}.h")
probe = "def tpm_probe = 1; 2.times { tpm_probe }"
out, status = Open3.capture2e(RbConfig.ruby, "--disable-gems", "--mjit", "--mjit-wait", "--mjit-min-calls=1", "--mjit-verbose=1",
                              "-e", probe)
if status.success? && out.include?("JIT success")
  puts "MJIT compiles: #{out.lines.grep(/JIT success/).first.strip}"
  exit 0
end
reason = File.exist?(header) ? "MJIT compiled nothing (exit #{status.exitstatus}): #{out.lines.last.to_s.strip}"
                             : "no MJIT header #{header} (Debian: apt-get install ruby#{RUBY_VERSION[/\A\d+\.\d+/]}-dev)"
puts reason
exit 1
