#import <UIKit/UIKit.h>

@implementation ItemsViewController

- (void)viewDidLoad {
    [super viewDidLoad];

    UIButton *backButton = [UIButton buttonWithType:UIButtonTypeCustom];
    backButton.frame = CGRectMake(0, 0, 30, 30);
    [backButton setImage:[UIImage imageNamed:@"nav_back"] forState:UIControlStateNormal];
    [backButton addTarget:self action:@selector(goBack) forControlEvents:UIControlEventTouchUpInside];
    UIBarButtonItem *backItem = [[UIBarButtonItem alloc] initWithCustomView:backButton];

    UIBarButtonItem *spacer = [[UIBarButtonItem alloc] initWithBarButtonSystemItem:UIBarButtonSystemItemFixedSpace target:nil action:nil];
    spacer.width = -10;
    self.navigationItem.leftBarButtonItems = @[spacer, backItem];

    UIBarButtonItem *share = [[UIBarButtonItem alloc] initWithImage:[[UIImage imageNamed:@"share"] imageWithRenderingMode:UIImageRenderingModeAlwaysOriginal]
                                                             style:UIBarButtonItemStylePlain
                                                            target:self
                                                            action:@selector(share:)];
    UIBarButtonItem *add = [[UIBarButtonItem alloc] initWithBarButtonSystemItem:UIBarButtonSystemItemAdd target:self action:@selector(add)];
    UIBarButtonItem *flexible = [[UIBarButtonItem alloc] initWithBarButtonSystemItem:UIBarButtonSystemItemFlexibleSpace target:nil action:nil];
    UIBarButtonItem *more = [UIBarButtonItem itemWithImageName:@"more" target:self action:@selector(more)];
    self.navigationItem.rightBarButtonItems = [NSArray arrayWithObjects:share, add, flexible, more, nil];
}

- (void)configureSearch {
    UIBarButtonItem *search = [UIBarButtonItem new];
    search.title = @"Search";
    search.target = self;
    search.action = @selector(search);
    [self.navigationItem setRightBarButtonItem:search animated:NO];
}

- (void)configureProfile {
    UIButton *avatar = [[UIButton alloc] initWithFrame:CGRectMake(0, 0, 44, 44)];
    [avatar addTarget:self action:@selector(showProfile) forControlEvents:UIControlEventTouchUpInside];
    self.navigationItem.rightBarButtonItem = [[UIBarButtonItem alloc] initWithCustomView:avatar];
}

- (void)configureConstrained {
    UIButton *close = [UIButton buttonWithType:UIButtonTypeSystem];
    close.frame = CGRectMake(0, 0, 20, 20);
    [close.widthAnchor constraintEqualToConstant:44].active = YES;
    self.navigationItem.leftBarButtonItem = [[UIBarButtonItem alloc] initWithCustomView:close];
}

- (void)configureSized {
    UIButton *menu = [UIButton buttonWithType:UIButtonTypeSystem];
    menu.frame = CGRectMake(0, 0, 20, 20);
    [menu sizeToFit];
    self.navigationItem.leftBarButtonItem = [[UIBarButtonItem alloc] initWithCustomView:menu];
}

- (void)configureParameter:(UIBarButtonItem *)item {
    self.navigationItem.rightBarButtonItem = item;
    self.navigationItem.leftBarButtonItems = self.savedItems;
}

- (void)configureMenu API_AVAILABLE(ios(14.0)) {
    UIAction *action = [UIAction actionWithTitle:@"Help" image:nil identifier:nil handler:^(__kindof UIAction *a) {}];
    self.navigationItem.rightBarButtonItem = [[UIBarButtonItem alloc] initWithPrimaryAction:action];
    self.navigationItem.leftBarButtonItems = @[[UIBarButtonItem fixedSpaceItemOfWidth:-8], [[UIBarButtonItem alloc] initWithTitle:@"Help" menu:self.helpMenu]];
}

- (void)clearItems {
    self.navigationItem.leftBarButtonItem = nil;
    self.navigationItem.rightBarButtonItems = @[];
    self.navigationItem.backBarButtonItem = nil;
}

@end
