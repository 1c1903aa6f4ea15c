# The versions a Debian-packaged Ruby stack runs on (no Gemfile.lock: Puma and Rack are Debian's
# packages, not gems installed by Bundler): the gems Puma loads, each "name version" on a line.
# stack.json's "versions" reads the line of each gem it names.
gem = ARGV.fetch(0)
spec = Gem::Specification.find_by_name(gem)
puts "#{gem} #{spec.version}"
