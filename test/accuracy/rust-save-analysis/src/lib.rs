// A tiny crate for the Rust oracle's test: each kind of call site once.
pub trait Shape {
    fn area(&self) -> u32;
    fn twice(&self) -> u32 {
        self.area() * 2
    }
}

pub struct Square(pub u32);

impl Shape for Square {
    fn area(&self) -> u32 {
        self.0 * self.0
    }
    fn twice(&self) -> u32 {
        self.area() + self.area()
    }
}

#[derive(Debug)]
pub struct Config {
    pub size: u32,
}

impl Default for Config {
    fn default() -> Self {
        Config { size: helper(1) }
    }
}

fn helper(x: u32) -> u32 {
    x + 1
}

pub fn total<S: Shape>(shapes: &[S]) -> u32 {
    shapes.iter().map(|s| s.area()).sum()
}

pub fn run(apply: fn(u32) -> u32) -> Option<u32> {
    let square = Square(helper(2));
    let config = Config::default();
    let double = |x: u32| x * 2;
    let name = String::new();
    let parsed = "7".parse::<u32>().ok();
    match parsed {
        Some(n) => println!("{} {}", n, name),
        None => {}
    }
    let _ = apply(double(square.twice()));
    Some(config.size + total(&[square]))
}
