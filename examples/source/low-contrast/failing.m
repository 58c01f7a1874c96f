//
//  A white bar with a pale orange tint: the bar's items are hard to read.
//

#import <UIKit/UIKit.h>

@interface LowContrastFailingRecipesViewController : UITableViewController
@end

@implementation LowContrastFailingRecipesViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Recipes";
    [self styleNavigationBar];
    self.navigationItem.rightBarButtonItem = [[UIBarButtonItem alloc] initWithBarButtonSystemItem:UIBarButtonSystemItemAdd target:self action:@selector(addRecipe)];
}

- (void)styleNavigationBar {
    UINavigationBarAppearance *appearance = [[UINavigationBarAppearance alloc] init];
    [appearance configureWithOpaqueBackground];
    appearance.backgroundColor = [UIColor whiteColor];
    self.navigationController.navigationBar.standardAppearance = appearance;
    self.navigationController.navigationBar.scrollEdgeAppearance = appearance;
    self.navigationController.navigationBar.tintColor = [UIColor colorWithRed:255 / 255.0 green:204 / 255.0 blue:102 / 255.0 alpha:1.0]; // expect: low-contrast
}

- (void)addRecipe {
}

@end
